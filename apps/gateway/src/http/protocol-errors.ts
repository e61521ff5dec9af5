import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { fail, type Envelope } from './envelope';

/**
 * Requests refused before any route sees them still get the envelope of section 2.1: a URL
 * Fastify cannot decode (`frameworkErrors`), and HTTP Node cannot parse (`clientErrorHandler`:
 * oversized headers, a duplicate Content-Length, garbage on the socket).
 */
export function frameworkErrorReply(error: { statusCode?: number }): {
  status: number;
  body: Envelope<null>;
} {
  const { statusCode } = error;
  const status = statusCode !== undefined && statusCode >= 400 && statusCode < 500 ? statusCode : 400;
  return { status, body: fail('Bad request: the URL or headers could not be read') };
}

const MESSAGES: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timeout'],
};

export function clientError(error: Error & { code?: string }, socket: Socket): void {
  // Nothing can be answered on a socket the client already closed.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = MESSAGES[error.code ?? ''] ?? [400, 'Bad request: malformed HTTP'];
  const body = JSON.stringify(fail(message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
