import { ApiKeyEntity } from './api-key.entity';
import { SwapViewEntity } from './swap-view.entity';
import { GatewayInit1763700000000 } from './migrations/1763700000000-gateway-init';
import { IdempotencyKeys1766000000000 } from './migrations/1766000000000-idempotency-keys';
import { SwapHistory1767100000000 } from './migrations/1767100000000-swap-history';
import { SwapHistorySequence1767600000000 } from './migrations/1767600000000-swap-history-sequence';
import { FeeShare1767610000000 } from './migrations/1767610000000-fee-share';
import { ReferralCodes1767620000000 } from './migrations/1767620000000-referral-codes';
import { PageSwaps1767650000000 } from './migrations/1767650000000-page-swaps';

/** The gateway's schema: its entities and migrations, in order. */
export const GATEWAY_SCHEMA = 'gateway';
export const GATEWAY_ENTITIES = [ApiKeyEntity, SwapViewEntity];
export const GATEWAY_MIGRATIONS = [
  GatewayInit1763700000000,
  IdempotencyKeys1766000000000,
  SwapHistory1767100000000,
  SwapHistorySequence1767600000000,
  FeeShare1767610000000,
  ReferralCodes1767620000000,
  PageSwaps1767650000000,
];
