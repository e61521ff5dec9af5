import type { ApiKeyInfo } from '@swap/contracts';
import { IpWhitelist } from '../auth/ip-whitelist';

/** A key as the request path needs it: settings, the decrypted secret and a ready whitelist. */
export interface ActiveKey {
  info: ApiKeyInfo;
  secret: string;
  whitelist: IpWhitelist;
}
