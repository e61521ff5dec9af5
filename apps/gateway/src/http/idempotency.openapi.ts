import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { SwapOrderEnvelope } from './openapi.models';

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
    ApiResponse({
      status: 201,
      type: SwapOrderEnvelope,
      headers: {
        'Idempotent-Replayed': {
          description: 'Present on the answer to a repeated Idempotency-Key: the first request’s answer',
          schema: { type: 'string', enum: ['true'] },
        },
      },
    }),
  );
