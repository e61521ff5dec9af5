import { STATUS_PAGE_CSP, STATUS_PAGE_HEADERS } from '../status-page/security-headers';

/**
 * The status page's discipline (D17), but the form may be sent: to this page, and on to the
 * status page the create redirects to (PUBLIC_URL's origin, the same site behind its proxy).
 */
export function newSwapPageHeaders(publicUrl: string): Readonly<Record<string, string>> {
  const target = new URL(publicUrl).origin;
  const csp = STATUS_PAGE_CSP.replace("form-action 'none'", `form-action 'self' ${target}`);
  return { ...STATUS_PAGE_HEADERS, 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' };
}
