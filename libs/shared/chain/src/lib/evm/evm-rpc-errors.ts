/** The node answered the request with a JSON-RPC error (as opposed to not answering at all). */
export class EvmRpcError extends Error {
  override readonly name = 'EvmRpcError';

  constructor(
    readonly method: string,
    readonly code: number,
    readonly reason: string,
  ) {
    super(`${method}: ${reason} (${code})`);
  }
}

interface JsonRpcErrorBody {
  code: number;
  message: string;
}

const isErrorBody = (value: unknown): value is JsonRpcErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as JsonRpcErrorBody).code === 'number' &&
  typeof (value as JsonRpcErrorBody).message === 'string';

/**
 * The node's JSON-RPC error body inside an error thrown by ethers' provider.send(), or null for a
 * transport failure. ethers keeps the body as `error` or `info.error`, depending on how it
 * classified the message.
 */
export function jsonRpcErrorOf(err: unknown): JsonRpcErrorBody | null {
  if (typeof err !== 'object' || err === null) return null;
  const { error, info } = err as { error?: unknown; info?: { error?: unknown } };
  if (isErrorBody(error)) return error;
  if (isErrorBody(info?.error)) return info.error;
  return null;
}

/** Scheme, host and port of the RPC URL: what an error may say about the node. */
export function endpointOf(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * `text` without the parts of the RPC URL that may be secret (user, password, path and query,
 * where providers put API keys); ethers writes the whole URL into its transport errors.
 */
export function scrubUrl(text: string, rpcUrl: string): string {
  const url = new URL(rpcUrl);
  const credentials = [url.username, url.password].flatMap((part) => [part, decodeURIComponent(part)]);
  const secrets = [rpcUrl, url.href, url.pathname + url.search, url.search, ...credentials]
    .filter((part) => part.length > 1)
    .sort((a, b) => b.length - a.length);
  return secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join('…'), text);
}
