import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { SwapErrors } from '@swap/domain';
import type { Gateway } from '@swap/gateway';
import { endpointName, rawBody, SignedFastifyRequest } from './signed-request';
import { GATEWAY } from '../gateway.tokens';

const header = (request: SignedFastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * D2 and D5 on every /v1 request: credentials and signature (401), then the key's per-endpoint
 * rate limit (429), then the single-use nonce, recorded only once everything else passed.
 */
@Injectable()
export class SignatureGuard implements CanActivate {
  constructor(@Inject(GATEWAY) private readonly gateway: Gateway) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SignedFastifyRequest>();
    const nonce = header(request, 'x-api-nonce');
    const result = await this.gateway.authenticate.execute({
      apiKey: header(request, 'x-api-key'),
      timestamp: header(request, 'x-api-timestamp'),
      nonce,
      signature: header(request, 'x-api-sign'),
      method: request.method.toUpperCase(),
      path: request.url,
      body: rawBody(request),
      ip: request.ip,
    });
    if (!result.ok)
      throw result.failure === 'credentials'
        ? SwapErrors.invalidCredentials()
        : SwapErrors.invalidSignature();
    const { info } = result.key;
    const wait = this.gateway.rateLimiter.take(info.key, endpointName(request), info.rateLimit);
    if (wait > 0) throw SwapErrors.rateLimited(wait);
    if (!(await this.gateway.nonces.claim(info.key, nonce as string))) throw SwapErrors.invalidSignature();
    request.auth = { apiKey: info, requestId: `${info.key}:${nonce}` };
    return true;
  }
}
