import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The associated data an API secret is sealed with (SecretBox): bound to its key's row, so a sealed
 * secret copied to another key does not open. Never change it: stored secrets would stop opening.
 */
export const apiSecretContext = (key: string): string => `gateway.api_keys:${key}`;

/** An integrator's API key. The HMAC secret is stored encrypted (see secret-box.ts). */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'text', nullable: true })
  label!: string | null;

  @Column({ name: 'secret_enc', type: 'text' })
  secretEnc!: string;

  @Column({ name: 'fixed_rate_enabled', type: 'boolean' })
  fixedRateEnabled!: boolean;

  @Column({ name: 'dryrun_enabled', type: 'boolean' })
  dryrunEnabled!: boolean;

  @Column({ name: 'auto_execute_on_mismatch', type: 'boolean' })
  autoExecuteOnMismatch!: boolean;

  @Column({ name: 'ip_whitelist', type: 'text', array: true })
  ipWhitelist!: string[];

  /** Volume share added to the service fee, in percent, as an exact decimal. */
  @Column({ name: 'partner_percent', type: 'numeric', precision: 6, scale: 3 })
  partnerPercent!: string;

  /** Fee-share agreement (D19): percent of the service fee the partner gets; exclusive with the above. */
  @Column({ name: 'fee_share', type: 'numeric', precision: 6, scale: 3 })
  feeShare!: string;

  @Column({ name: 'rate_limit', type: 'integer' })
  rateLimit!: number;

  @Column({ type: 'boolean' })
  disabled!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
