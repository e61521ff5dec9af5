/** A dependency that is not there yet (starting, restarting, unreachable), as opposed to a fault. */
export interface Unavailability {
  /** What is awaited, when the error says: "the devnet", "127.0.0.1:5432". */
  dependency?: string;
  /** In a few words: "connection refused", "no responders", "timed out". */
  reason: string;
}

// Node's socket errors, undici's, and PostgreSQL's "not now" (57P01-03: shutting down, starting up).
const CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ECONNABORTED: 'connection reset',
  ETIMEDOUT: 'timed out',
  ESOCKETTIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EHOSTDOWN: 'host unreachable',
  ENOTFOUND: 'name not resolved',
  EAI_AGAIN: 'name not resolved',
  UND_ERR_CONNECT_TIMEOUT: 'timed out',
  UND_ERR_HEADERS_TIMEOUT: 'timed out',
  UND_ERR_SOCKET: 'connection reset',
  '57P01': 'shutting down',
  '57P02': 'shutting down',
  '57P03': 'starting up',
  // A service's own "not now" answer over the bus (the devnet reloading a chain from its database).
  UNAVAILABLE: 'unavailable',
};

// By error name: NATS' (core and the bus's own), fetch's AbortSignal.timeout, Monero's client.
const NAMES: Record<string, string> = {
  NoResponders: 'no responders',
  TimeoutError: 'timed out',
  ClosedConnectionError: 'disconnected',
  DrainingConnectionError: 'disconnected',
  ConnectionError: 'disconnected',
  MoneroUnreachableError: 'unreachable',
};

// What a client that wraps the error into its own message leaves of it (the chain RPC clients).
const MESSAGES: Array<[RegExp, string]> = [
  [/ECONNREFUSED|connection refused/i, 'connection refused'],
  [
    /ECONNRESET|socket hang up|Connection terminated unexpectedly|UND_ERR_SOCKET|other side closed/i,
    'connection reset',
  ],
  [/ETIMEDOUT|timed out|aborted due to timeout|UND_ERR_(CONNECT|HEADERS)_TIMEOUT/i, 'timed out'],
  [/EHOSTUNREACH|ENETUNREACH/, 'host unreachable'],
  [/ENOTFOUND|EAI_AGAIN/, 'name not resolved'],
  [/the database system is (starting up|shutting down)/i, 'database starting or stopping'],
];

const BUS_REASONS: Record<string, string> = {
  'no-responders': 'no responders',
  timeout: 'timed out',
  disconnected: 'disconnected',
};

/**
 * Whether `err` says a dependency is unavailable (a peer service or node not listening yet, a
 * timeout, no NATS responder, PostgreSQL starting) rather than a fault, looking through its causes.
 * A fault returns null: it deserves its stack.
 */
export function unavailability(err: unknown): Unavailability | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  let found: Unavailability | null = null;
  while (queue.length > 0 && seen.size < 16) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    const here = classify(e as ErrorLike);
    // The outermost answer gives the reason; a deeper one may still know the dependency.
    if (here)
      found = found ? { reason: found.reason, dependency: found.dependency ?? here.dependency } : here;
    const { cause, errors } = e as ErrorLike;
    queue.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return found;
}

export const isUnavailable = (err: unknown): boolean => unavailability(err) !== null;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
  subject?: unknown;
  reason?: unknown;
  address?: unknown;
  port?: unknown;
}

function classify(e: ErrorLike): Unavailability | null {
  if (e.name === 'BusUnavailableError' && typeof e.reason === 'string')
    return { reason: BUS_REASONS[e.reason] ?? e.reason, dependency: busService(e.subject) };
  const byCode = typeof e.code === 'string' ? CODES[e.code] : undefined;
  if (byCode) return { reason: byCode, dependency: socketAddress(e) };
  const byName = typeof e.name === 'string' ? NAMES[e.name] : undefined;
  if (byName) return { reason: byName, dependency: busService(e.subject) };
  if (e.name === 'RequestError' && /no responders/i.test(String(e.message)))
    return { reason: 'no responders' };
  const message = typeof e.message === 'string' ? e.message : '';
  const match = MESSAGES.find(([pattern]) => pattern.test(message));
  return match ? { reason: match[1] } : null;
}

/** "devnet.rpc.tip" → "the devnet"; "ops.pricing.prices" → "the pricing". */
function busService(subject: unknown): string | undefined {
  if (typeof subject !== 'string') return undefined;
  const [first, second] = subject.split('.');
  const service = first === 'ops' ? second : first;
  return service ? `the ${service}` : undefined;
}

function socketAddress(e: ErrorLike): string | undefined {
  if (typeof e.address !== 'string') return undefined;
  return typeof e.port === 'number' ? `${e.address}:${e.port}` : e.address;
}
