export const REDACTED = '[redacted]';

// Keys are compared lower-cased with separators removed, so `XMR_WALLET_PASSWORD`, `privateKey`
// and `x-api-sign` are all caught. "token" and "seed" only as a suffix: `tokenContract` is public.
const SECRET_INSIDE = /secret|password|passphrase|mnemonic|privatekey|xprv|authorization|apisign|cookie/;
const SECRET_SUFFIX = /(token|seed)$/;
// user:password@ in URLs such as DATABASE_URL or LTC_RPC_URL.
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi;
// `TREASURY_MNEMONIC_FILE` names where a secret is, which is worth seeing in a log.
const REFERENCE_SUFFIX = /(file|path)$/;
const MAX_DEPTH = 8;

export function isSecretKey(key: string): boolean {
  const plain = key.toLowerCase().replace(/[-_\s.]/g, '');
  if (REFERENCE_SUFFIX.test(plain)) return false;
  return SECRET_INSIDE.test(plain) || SECRET_SUFFIX.test(plain);
}

// pino applies formatters.log to each call but not to a child's bindings, so the usual names are
// also given to pino's own path redaction, which covers bindings (top level and one below).
const COMMON_SECRET_KEYS = [
  'secret',
  'apiSecret',
  'password',
  'passphrase',
  'mnemonic',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'privateKey',
  'private_key',
  'xprv',
  'seed',
  'x-api-sign',
  'TREASURY_MNEMONIC',
  'XMR_WALLET_PASSWORD',
];
export const SECRET_PATHS = COMMON_SECRET_KEYS.flatMap((key) => [`["${key}"]`, `*["${key}"]`]);

/**
 * A copy of a log object with secret-looking fields and URL passwords masked. Only plain objects
 * and arrays are walked: errors, dates and buffers keep their type for pino's serializers.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(URL_CREDENTIALS, `$1${REDACTED}@`);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] =
      isSecretKey(key) && item !== undefined && item !== null ? REDACTED : redactSecrets(item, depth + 1);
  }
  return copy;
}
