import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Gateway } from '@swap/gateway';
import { endpointName, signedRequestOf, SignedFastifyRequest } from './signed-request';
import { GATEWAY } from '../gateway.tokens';

/** D2 and D5 on every /v1 request (see VerifyRequest): the key it let through is on the request. */
@Injectable()
export class SignatureGuard implements CanActivate {
  constructor(@Inject(GATEWAY) private readonly gateway: Gateway) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SignedFastifyRequest>();
    const signed = signedRequestOf(request);
    const apiKey = await this.gateway.verifyRequest.execute(signed, endpointName(request));
    request.auth = { apiKey, requestId: `${apiKey.key}:${signed.nonce}` };
    return true;
  }
}
