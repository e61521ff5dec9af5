import { z } from 'zod';
import { decimal, defineRpc, defineSignal, rpcResult } from './define';

/** An API key's settings as operators see them (never the secret). */
export const apiKeyInfo = z.object({
  key: z.string(),
  label: z.string().nullable(),
  fixedRateEnabled: z.boolean(),
  dryrunEnabled: z.boolean(),
  autoExecuteOnMismatch: z.boolean(),
  ipWhitelist: z.array(z.string()),
  /** Volume share added to the service fee, in percent (0: none). */
  partnerPercent: decimal,
  /** Fee-share agreement (D19): percent of the service fee booked to the key (0: none). */
  feeShare: decimal,
  rateLimit: z.number().int().positive(),
  disabled: z.boolean(),
  createdAt: z.number().int(),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfo>;

export const createKeyRequest = z.object({
  label: z.string().max(100).nullable(),
  fixedRateEnabled: z.boolean(),
  dryrunEnabled: z.boolean(),
  autoExecuteOnMismatch: z.boolean(),
  ipWhitelist: z.array(z.string()),
  partnerPercent: decimal,
  /** Exclusive with partnerPercent: at most one of them above 0. */
  feeShare: decimal.default('0'),
  rateLimit: z.number().int().positive().max(100000),
});
export type CreateKeyRequest = z.infer<typeof createKeyRequest>;

/** A key's partner agreement: a volume share or a fee share (D19), never both; both 0 is none. */
export const keyAgreement = z.object({ partnerPercent: decimal, feeShare: decimal });
export type KeyAgreement = z.infer<typeof keyAgreement>;

/**
 * `swapctl keys set KEY --fee-share P | --partner-percent P`: the key's agreement becomes the one
 * given, the other kind set to 0 (it replaces whichever the key had; `before` says what that was).
 */
export const gatewaySetKeyAgreement = defineRpc({
  name: 'gateway.keys.set-agreement',
  version: 1,
  subject: 'ops.gateway.keys.set-agreement',
  request: z.object({ key: z.string(), agreement: keyAgreement }),
  response: rpcResult(z.object({ info: apiKeyInfo, before: keyAgreement })),
});

export const gatewayCreateKey = defineRpc({
  name: 'gateway.keys.create',
  version: 1,
  subject: 'ops.gateway.keys.create',
  request: createKeyRequest,
  response: rpcResult(z.object({ key: z.string(), secret: z.string() })),
});

export const gatewayListKeys = defineRpc({
  name: 'gateway.keys.list',
  version: 1,
  subject: 'ops.gateway.keys.list',
  request: z.object({}),
  response: rpcResult(z.array(apiKeyInfo)),
});

export const gatewaySetKeyDisabled = defineRpc({
  name: 'gateway.keys.set-disabled',
  version: 1,
  subject: 'ops.gateway.keys.set-disabled',
  request: z.object({ key: z.string(), disabled: z.boolean() }),
  response: rpcResult(apiKeyInfo),
});

/** D19: `swapctl keys referral KEY` prints what a new code gives: its link on the service's page. */
export const issuedReferral = z.object({ key: z.string(), code: z.string(), url: z.string() });
export type IssuedReferral = z.infer<typeof issuedReferral>;

/** A key's referral code as `--list` and `--revoke` show it (unix s; revokedAt null while live). */
export const referralCodeView = issuedReferral.extend({
  createdAt: z.number().int(),
  revokedAt: z.number().int().nullable(),
});
export type ReferralCodeView = z.infer<typeof referralCodeView>;

export const gatewayIssueReferral = defineRpc({
  name: 'gateway.referrals.issue',
  version: 1,
  subject: 'ops.gateway.referrals.issue',
  request: z.object({ key: z.string() }),
  response: rpcResult(issuedReferral),
});

export const gatewayListReferrals = defineRpc({
  name: 'gateway.referrals.list',
  version: 1,
  subject: 'ops.gateway.referrals.list',
  request: z.object({ key: z.string() }),
  response: rpcResult(z.array(referralCodeView)),
});

export const gatewayRevokeReferral = defineRpc({
  name: 'gateway.referrals.revoke',
  version: 1,
  subject: 'ops.gateway.referrals.revoke',
  request: z.object({ key: z.string(), code: z.string() }),
  response: rpcResult(referralCodeView),
});

/**
 * Whether an API key exists, for the notifier (a webhook is set only for a real key). Not an
 * operator command: a service asks it, and learns nothing else about keys.
 */
export const gatewayKeyExists = defineRpc({
  name: 'gateway.keys.exists',
  version: 1,
  subject: 'gateway.rpc.keys.exists',
  request: z.object({ key: z.string() }),
  response: rpcResult(z.object({ exists: z.boolean() })),
});

/** Tells every gateway replica to drop its cached copy of a key. */
export const apiKeyChanged = defineSignal({
  name: 'gateway.keys.changed',
  version: 1,
  subject: 'gateway.signal.keys.changed',
  schema: z.object({ key: z.string() }),
});

/** Rate-limit consumption gossip between gateway replicas (D5: limits are shared). */
export const rateLimitHits = defineSignal({
  name: 'gateway.ratelimit.hits',
  version: 1,
  subject: 'gateway.signal.ratelimit.hits',
  schema: z.object({
    replica: z.string(),
    hits: z.array(z.object({ bucket: z.string(), count: z.number().int().positive() })),
  }),
});
