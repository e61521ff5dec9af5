import type { ApiKeyInfo } from '@swap/contracts';
import { SwapErrors } from '@swap/domain';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { AuthenticateRequest, NonceStore, SignedRequest } from './authenticate.use-case';

/**
 * D2 and D5 on a signed request (every /v1 call, and the live stream's upgrade): credentials and
 * signature (401), then the key's per-endpoint rate limit (429), then the single-use nonce,
 * recorded only once everything else passed. Throws the SwapError to answer with.
 */
export class VerifyRequest {
  constructor(
    private readonly authenticate: AuthenticateRequest,
    private readonly rateLimiter: RateLimiter,
    private readonly nonces: NonceStore,
  ) {}

  async execute(request: SignedRequest, endpoint: string): Promise<ApiKeyInfo> {
    const result = await this.authenticate.execute(request);
    if (!result.ok)
      throw result.failure === 'credentials'
        ? SwapErrors.invalidCredentials()
        : SwapErrors.invalidSignature();
    const { info } = result.key;
    const wait = this.rateLimiter.take(info.key, endpoint, info.rateLimit);
    if (wait > 0) throw SwapErrors.rateLimited(wait);
    if (!(await this.nonces.claim(info.key, request.nonce as string))) throw SwapErrors.invalidSignature();
    return info;
  }
}
