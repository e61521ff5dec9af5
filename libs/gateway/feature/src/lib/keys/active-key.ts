import type { KeyObject } from 'node:crypto';
import type { ApiKeyInfo } from '@swap/contracts';
import { IpWhitelist } from '../auth/ip-whitelist';

/** A key as the request path needs it: settings, the decrypted secret and a ready whitelist. */
export interface ActiveKey {
  info: ApiKeyInfo;
  /** The HMAC secret, prepared once: an HMAC under a KeyObject skips converting the key each time. */
  secret: KeyObject;
  whitelist: IpWhitelist;
}
