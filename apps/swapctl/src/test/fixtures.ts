import { swapSnapshotFixture } from '@swap/testing';
import type { ApiKeyInfo } from '@swap/contracts';

// Fixtures for the specs: valid contract payloads to feed the fake bus and the formatters.

export const keyInfo = (overrides: Partial<ApiKeyInfo> = {}): ApiKeyInfo => ({
  key: 'k_3f9a1c2b7d',
  label: 'shop',
  fixedRateEnabled: true,
  dryrunEnabled: false,
  autoExecuteOnMismatch: false,
  ipWhitelist: ['203.0.113.0/24'],
  partnerPercent: '0.5',
  feeShare: '0',
  rateLimit: 30,
  disabled: false,
  createdAt: 1735689600,
  ...overrides,
});

/** The shared persisted-swap fixture. */
export const swapSnapshot = swapSnapshotFixture;
