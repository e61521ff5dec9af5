import jsQR from 'jsqr';
import { qrCodeSvg } from './qr-code';

const SCALE = 4;

/** The SVG's dark path drawn into RGBA pixels, SCALE per module, as a scanner would see it. */
function rasterize(svg: string): { pixels: Uint8ClampedArray; side: number } {
  const modules = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
  const side = modules * SCALE;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  const path = /<path fill="#000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let row = Number(y) * SCALE; row < (Number(y) + 1) * SCALE; row++)
      for (let col = Number(x) * SCALE; col < (Number(x) + Number(width)) * SCALE; col++)
        pixels.fill(0, (row * side + col) * 4, (row * side + col) * 4 + 3);
  }
  return { pixels, side };
}

describe('the QR code as inline SVG', () => {
  it.each([
    'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.012345',
    'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=250000001',
    'monero:44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A?tx_amount=1.5',
  ])('decodes back to %s', (uri) => {
    const { pixels, side } = rasterize(qrCodeSvg(uri, 'pay').text);
    expect(jsQR(pixels, side, side)?.data).toBe(uri);
  });

  it('is one self-contained SVG element with an escaped label', () => {
    const svg = qrCodeSvg('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'pay "<you>"').text;
    expect(svg).toMatch(/^<svg class="qr" [^>]*>.*<\/svg>$/);
    expect(svg).toContain('aria-label="pay &quot;&lt;you&gt;&quot;"');
    expect(svg).not.toMatch(/style=|href=|<image|<script/);
  });
});
