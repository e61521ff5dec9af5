import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { HttpAnswer } from './digest-auth';

export type PostAgent = HttpAgent;

/**
 * Keep-alive connections to one endpoint. `single`: one connection, requests queued on it, as
 * digest authentication with epee needs (its nonce belongs to the connection; fetch may open a
 * second one for the very next request).
 */
export function postAgent(url: URL, single: boolean): PostAgent {
  const options = { keepAlive: true, maxSockets: single ? 1 : 16 };
  return url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
}

/** POSTs a JSON body and reads the whole answer. Rejects on network errors and after `timeoutMs`. */
export function httpPost(
  url: URL,
  body: string,
  headers: Record<string, string>,
  agent: PostAgent,
  timeoutMs: number,
): Promise<HttpAnswer> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const challenge = res.headers['www-authenticate'];
          resolve({
            status: res.statusCode ?? 0,
            challenge: Array.isArray(challenge) ? challenge.join(', ') : (challenge ?? null),
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
