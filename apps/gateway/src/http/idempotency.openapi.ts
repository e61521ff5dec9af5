import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiResponseBody, swapOrderEnvelope } from './openapi.responses';

/** D13 on POST /swap/create: the optional Idempotency-Key header and the replay's response header. */
export const ApiIdempotentCreate = () =>
  applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Makes the create idempotent for 24 h per API key: a repeat with the same request answers the ' +
        "first one's 201 and data (Idempotent-Replayed: true), one with another request gets 400",
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', minLength: 1, maxLength: 64 },
    }),
    ApiResponseBody(swapOrderEnvelope, {
      status: 201,
      headers: {
        'Idempotent-Replayed': {
          description: 'Present on the answer to a repeated Idempotency-Key: the first request’s answer',
          schema: { type: 'string', enum: ['true'] },
        },
      },
    }),
  );
