import { NETWORKS, type Clock, type Logger, type Network } from '@swap/domain';
import { notReady, type NotReady } from '@swap/service-kit';
import type { FreezeScope, SigningFreezeRecord, SigningFreezes } from '@swap/treasury-data';

const iso = (ms: number) => new Date(ms).toISOString();

/** "all networks since …", "ETH since … (reason)". */
export function describeFreeze({ scope, reason, since }: SigningFreezeRecord): string {
  const what = scope === 'all' ? 'all networks' : scope;
  return `${what} since ${iso(since)}${reason ? ` (${reason})` : ''}`;
}

/**
 * The kill switch (swapctl treasury freeze [NETWORK|all] / unfreeze): while a network is frozen
 * nothing of it is signed, neither planned transfers nor the operator's replacements. It is a row
 * in the treasury's schema, read before each signing, so it holds across restarts and replicas.
 * Bytes signed before the freeze may still go out (they may be in a mempool already).
 */
export class SigningFreeze {
  constructor(
    private readonly freezes: SigningFreezes,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Networks whose signing may go on again: their senders are kicked. */
    private readonly resumed: (networks: Network[]) => void,
  ) {}

  async freeze(scope: FreezeScope, reason: string | null): Promise<SigningFreezeRecord[]> {
    await this.freezes.freeze(scope, reason, this.clock());
    this.logger.warn({ scope, reason }, 'signing frozen by an operator');
    return this.freezes.list();
  }

  async unfreeze(scope: FreezeScope): Promise<SigningFreezeRecord[]> {
    await this.freezes.unfreeze(scope);
    const left = await this.freezes.list();
    const stillFrozen = (network: Network) => left.some((f) => f.scope === 'all' || f.scope === network);
    this.logger.warn({ scope, stillFrozen: left.map((f) => f.scope) }, 'signing unfrozen by an operator');
    this.resumed(NETWORKS.filter((network) => !stillFrozen(network)));
    return left;
  }

  list(): Promise<SigningFreezeRecord[]> {
    return this.freezes.list();
  }

  /** The freeze that stops signing on `network`, or null. */
  frozen(network: Network): Promise<SigningFreezeRecord | null> {
    return this.freezes.of(network);
  }

  /** /readyz: not ready while any network is frozen, saying which and since when. */
  async readiness(): Promise<true | NotReady> {
    const frozen = await this.freezes.list();
    if (frozen.length === 0) return true;
    return notReady(`signing frozen: ${frozen.map(describeFreeze).join('; ')}; swapctl treasury unfreeze`);
  }
}
