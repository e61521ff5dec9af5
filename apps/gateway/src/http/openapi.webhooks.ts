import type { OpenAPIObject } from '@nestjs/swagger';

const header = (name: string, description: string, pattern: string) => ({
  name,
  in: 'header' as const,
  required: true,
  description,
  schema: { type: 'string', pattern },
});

/** D12 as an OpenAPI 3.1 webhook: what the service POSTs to a key's webhook URL. */
export function withWebhooks(document: OpenAPIObject): OpenAPIObject {
  return {
    ...document,
    webhooks: {
      ...document.webhooks,
      'swap.updated': {
        post: {
          summary: 'A swap of the key changed (status, confirmations, tx, issue)',
          description:
            'At least once and in order per swap. A 2xx within 10 s is a delivery; anything else is retried ' +
            'after about 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h and 24 h, then given up.',
          parameters: [
            header('X-Webhook-Id', 'The event id, stable across retries', '^.+$'),
            header('X-Webhook-Timestamp', 'Unix seconds of this attempt', '^[0-9]+$'),
            header(
              'X-Webhook-Signature',
              'v1=<lowercase hex HMAC-SHA256(webhook secret, timestamp + "." + raw body)>; a verifier ' +
                'accepts any of several v1= values separated by spaces or commas (secret rotation)',
              '^v1=[0-9a-f]{64}([ ,]+v1=[0-9a-f]{64})*$',
            ),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/SwapUpdatedEvent' } } },
          },
          responses: {
            '2XX': { description: 'Delivered' },
            '410': { description: 'Gone: the webhook is removed' },
            default: { description: 'Not delivered: sent again later' },
          },
        },
      },
    },
  };
}
