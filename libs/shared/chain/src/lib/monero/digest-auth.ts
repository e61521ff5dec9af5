import { createHash, randomBytes } from 'node:crypto';

/** What a 401 answer asks for (RFC 7616); monerod and monero-wallet-rpc speak MD5 with qop=auth. */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  qop?: string;
  opaque?: string;
  algorithm: 'MD5' | 'MD5-sess';
}

export interface DigestRequest {
  user: string;
  password: string;
  method: string;
  uri: string;
  /** How many requests this nonce has signed, this one included. */
  count: number;
  cnonce?: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * The first MD5 digest challenge of a WWW-Authenticate header. fetch joins repeated headers with
 * ", ", so the header may hold several challenges ("Digest …, Digest …").
 */
export function parseDigestChallenge(header: string): DigestChallenge | null {
  for (const challenge of header.split(/,?\s*(?=Digest\s)/i)) {
    const match = /^Digest\s+(.*)$/is.exec(challenge.trim());
    if (!match) continue;
    const fields = new Map<string, string>();
    for (const [, key, quoted, bare] of match[1].matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|([^\s,]+))/g))
      fields.set(key.toLowerCase(), quoted ?? bare);
    const algorithm = (fields.get('algorithm') ?? 'MD5').toUpperCase();
    const realm = fields.get('realm');
    const nonce = fields.get('nonce');
    if ((algorithm !== 'MD5' && algorithm !== 'MD5-SESS') || realm === undefined || !nonce) continue;
    const qop = fields
      .get('qop')
      ?.split(',')
      .map((option) => option.trim());
    return {
      realm,
      nonce,
      qop: qop && (qop.includes('auth') ? 'auth' : undefined),
      opaque: fields.get('opaque'),
      algorithm: algorithm === 'MD5' ? 'MD5' : 'MD5-sess',
    };
  }
  return null;
}

/** The Authorization header answering `challenge` for one request. */
export function digestAuthorization(challenge: DigestChallenge, request: DigestRequest): string {
  const cnonce = request.cnonce ?? randomBytes(12).toString('hex');
  const nc = request.count.toString(16).padStart(8, '0');
  let ha1 = md5(`${request.user}:${challenge.realm}:${request.password}`);
  if (challenge.algorithm === 'MD5-sess') ha1 = md5(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = md5(`${request.method}:${request.uri}`);
  const response = challenge.qop
    ? md5(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${challenge.qop}:${ha2}`)
    : md5(`${ha1}:${challenge.nonce}:${ha2}`);
  const fields = [
    `username="${request.user}"`,
    `realm="${challenge.realm}"`,
    `nonce="${challenge.nonce}"`,
    `uri="${request.uri}"`,
    `algorithm=${challenge.algorithm}`,
    `response="${response}"`,
  ];
  if (challenge.qop) fields.push(`qop=${challenge.qop}`, `nc=${nc}`, `cnonce="${cnonce}"`);
  if (challenge.opaque !== undefined) fields.push(`opaque="${challenge.opaque}"`);
  return `Digest ${fields.join(', ')}`;
}

/** An HTTP answer, read to the end so its connection can serve the next request. */
export interface HttpAnswer {
  status: number;
  /** WWW-Authenticate, if any. */
  challenge: string | null;
  text: string;
}

/**
 * Digest credentials of one endpoint. epee keeps a nonce per connection: requests go one at a
 * time, so keep-alive reuses the connection, and a nonce a new connection finds stale is answered
 * anew (at most twice per request).
 */
export class DigestSession {
  private challenge: DigestChallenge | null = null;
  private count = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly user: string,
    private readonly password: string,
  ) {}

  /** Runs `send` with the Authorization header to use (none before the first challenge). */
  request(uri: string, send: (authorization?: string) => Promise<HttpAnswer>): Promise<HttpAnswer> {
    const run = this.queue.then(async () => {
      let answer = await send(this.authorization(uri));
      for (let retry = 0; answer.status === 401 && retry < 2; retry++) {
        const challenge = answer.challenge === null ? null : parseDigestChallenge(answer.challenge);
        if (!challenge) break;
        this.challenge = challenge;
        this.count = 0;
        answer = await send(this.authorization(uri));
      }
      return answer;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private authorization(uri: string): string | undefined {
    if (!this.challenge) return undefined;
    const request = { user: this.user, password: this.password, method: 'POST', uri, count: ++this.count };
    return digestAuthorization(this.challenge, request);
  }
}
