import type { OpenAPIObject } from '@nestjs/swagger';
import { apiResponseName } from '@swap/contracts';
import {
  streamError,
  streamSubscribeAll,
  streamSubscribed,
  streamSubscribeOne,
  streamSwapUpdated,
  streamUnsubscribe,
} from '@swap/gateway';
import type { z } from 'zod';

const oneOf = (...schemas: z.ZodType[]) => ({
  oneOf: schemas.map((schema) => ({ $ref: `#/components/schemas/${apiResponseName(schema)}` })),
});

/**
 * D18's WebSocket, which @nestjs/swagger cannot see (a Fastify route outside the controllers): the
 * upgrade as a GET, its messages each way as components, and the limits.
 */
export function withLiveStream(document: OpenAPIObject): OpenAPIObject {
  const stream = {
    get: {
      operationId: 'swapStream',
      tags: ['live events'],
      summary: "Live swap events over a WebSocket (D18): one swap, or all of the key's swaps",
      description:
        'Upgrades to a WebSocket. Signed as `GET /v1/swap/stream` with an empty body; browsers, which cannot ' +
        'set headers, may send the four values as the query parameters `key`, `ts`, `nonce` and `sign` ' +
        '(the signed path is then the path without that query). One JSON object per text frame each way ' +
        '(`x-client-messages`, `x-server-messages`). Each swap version arrives once and in order; ' +
        '`subscribe` with `after` sends every version after that one first, then the live ones. The ' +
        'server pings every 25 s and closes a connection that does not answer. Limits: ' +
        'LIVE_SUBSCRIPTIONS_PER_CONNECTION (default 100; `all` counts as one) answered by an `error` ' +
        'message, and LIVE_CONNECTIONS_PER_KEY (default 20 per gateway replica): one more connection ' +
        'gets an `error` message and is closed with code 1008.',
      parameters: ['key', 'ts', 'nonce', 'sign'].map((name) => ({
        name,
        in: 'query' as const,
        required: false,
        description: 'D2 value for a client that cannot set the X-API-* headers',
        schema: { type: 'string' },
      })),
      responses: {
        '101': {
          description: 'Switching to the WebSocket protocol',
          'x-client-messages': oneOf(streamSubscribeOne, streamSubscribeAll, streamUnsubscribe),
          'x-server-messages': oneOf(streamSubscribed, streamError, streamSwapUpdated),
        },
        '401': { description: 'Invalid credentials or signature (no upgrade)' },
        '426': { description: 'Not a WebSocket upgrade request' },
        '429': { description: "The key's rate limit (Retry-After)" },
      },
    },
  };
  return { ...document, paths: { ...document.paths, '/v1/swap/stream': stream } };
}
