import { create } from 'qrcode';
import { escapeHtml, Html, trusted } from './html';

/** Light modules around the symbol, as the QR standard asks for scanners to find it. */
const QUIET_ZONE = 4;

/**
 * `text` as an inline SVG QR code, drawn on the server (no image request, nothing for the CSP to
 * allow): one path of the dark modules, one row-run per `h` segment. Medium error correction
 * survives a screen's glare and a rounded corner.
 */
export function qrCodeSvg(text: string, label: string): Html {
  const { size, data } = create(text, { errorCorrectionLevel: 'M' }).modules;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size;) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`;
    }
  }
  const side = size + 2 * QUIET_ZONE;
  return trusted(
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" aria-label="${escapeHtml(label)}" shape-rendering="crispEdges">` +
      `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`,
  );
}
