import { isIP } from 'node:net';
import { hostOf, isPrivateAddress, resolveHost } from './private-address';

/** A webhook URL an operator may not set, with the reason swapctl shows. */
export class WebhookUrlRefused extends Error {
  override readonly name = 'WebhookUrlRefused';
}

export type ResolveHost = (host: string) => Promise<string[]>;

/**
 * D12: an https URL whose host resolves only to public addresses (unless private ones are allowed,
 * and with them plain http: a receiver on the operator's own network). No credentials in it: the
 * URL is shown in delivery listings and logs, and the signature already authenticates us to the
 * receiver.
 */
export async function checkWebhookUrl(
  text: string,
  options: { allowPrivate: boolean; resolve?: ResolveHost },
): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookUrlRefused(`not a URL: ${JSON.stringify(text.slice(0, 100))}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookUrlRefused(`a webhook URL is http or https, not ${url.protocol.replace(':', '')}`);
  if (url.username || url.password)
    throw new WebhookUrlRefused('a webhook URL carries no credentials (requests are signed instead)');
  url.hash = '';
  if (options.allowPrivate) return url.toString();
  if (url.protocol !== 'https:')
    throw new WebhookUrlRefused(
      'a webhook URL is https: the body carries the swap token (WEBHOOK_ALLOW_PRIVATE=true allows http)',
    );
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (options.resolve ?? resolveHost)(host);
  } catch {
    throw new WebhookUrlRefused(`${host} does not resolve`);
  }
  const refused = addresses.find(isPrivateAddress);
  if (refused !== undefined || addresses.length === 0)
    throw new WebhookUrlRefused(
      `${isIP(host) ? host : `${host} resolves to ${refused ?? 'nothing'}`}: loopback, private and link-local addresses are refused (WEBHOOK_ALLOW_PRIVATE=true allows them)`,
    );
  return url.toString();
}
