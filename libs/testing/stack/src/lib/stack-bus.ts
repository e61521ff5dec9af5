import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  busCredentialsFromEnv,
  ensureIdentityKeys,
  prepareBusAuthorization,
  type BusCredentials,
} from '@swap/bus';
import type { BusIdentity } from '@swap/contracts';

/**
 * A stack's bus users, as `npm start` makes them: one nkey per identity with the permissions
 * generated from BUS_ACCESS, and no anonymous client. The suite's own connection is one more
 * user, `harness`, allowed everything: it plays the engine or an operator where a suite needs to.
 */
export class StackBus {
  private readonly dir = mkdtempSync(join(tmpdir(), 'stack-bus-'));
  readonly config: string;
  private readonly seeds: Record<BusIdentity, string>;
  private readonly harnessSeed: string;

  constructor() {
    const [harness] = ensureIdentityKeys(join(this.dir, 'harness'), ['harness']);
    const authorization = prepareBusAuthorization(join(this.dir, 'keys'), {
      devnet: true,
      extra: [{ identity: 'harness', publicKey: harness.publicKey }],
    });
    this.config = authorization.config;
    this.harnessSeed = harness.seedFile;
    this.seeds = Object.fromEntries(
      Object.entries(authorization.keys).map(([identity, key]) => [identity, key.seedFile]),
    ) as Record<BusIdentity, string>;
  }

  /** What a process running as `identity` needs in its environment (NATS_URL comes separately). */
  env(identity: BusIdentity): { NATS_NKEY_SEED_FILE: string } {
    return { NATS_NKEY_SEED_FILE: this.seeds[identity] };
  }

  get harness(): BusCredentials {
    return busCredentialsFromEnv({ NATS_NKEY_SEED_FILE: this.harnessSeed });
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
