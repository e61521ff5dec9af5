/**
 * The page loads only its own stylesheet and script and talks only to its own origin; nothing
 * inline runs, no form posts, no frame holds it, and the token in its address leaks to no one
 * (no referrer on the explorer links). The QR code is inline SVG, so it needs no image source.
 */
export const STATUS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every status-page answer: the page, its JSON, its assets and its errors. */
export const STATUS_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': STATUS_PAGE_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
