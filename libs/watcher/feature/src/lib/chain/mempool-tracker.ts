import type { ChainTransfer } from '@swap/chain';
import type { DepositRepository } from '@swap/watcher-data';
import type { DepositMatcher } from '../deposits/deposit-matcher';
import type { WatcherSettings } from '../watcher.settings';
import { replacedDeposits } from './replaced-deposits';
import { judgeUnmined } from './unmined-verdict';

/**
 * Deposits outside the chain: new ones in the mempool, evicted ones, orphaned ones, and replaced
 * ones (their coins spent by another transaction in the mempool), which are gone at once.
 */
export class MempoolTracker {
  constructor(
    private readonly matcher: DepositMatcher,
    private readonly deposits: DepositRepository,
    private readonly settings: WatcherSettings,
  ) {}

  /** `transfers` is the mempool now; the chain is followed up to its tip, `height`. */
  async track(transfers: ChainTransfer[], height: number): Promise<void> {
    const { network, vanishBlocks } = this.settings;
    const sightings = await this.matcher.match(transfers);
    await this.deposits.recordMempool(sightings);
    const inMempool = new Set(sightings.map((sighting) => sighting.id));
    const returned = await this.deposits.findByIds([...inMempool]);
    const candidates = [
      ...(await this.deposits.unmined(network)),
      ...returned.filter((deposit) => deposit.state === 'reverted'),
    ];
    const missing = candidates.filter((deposit) => !inMempool.has(deposit.id));
    const replaced = new Map(replacedDeposits(missing, transfers).map((r) => [r.id, r]));
    for (const deposit of candidates) {
      const replacement = replaced.get(deposit.id);
      if (replacement) {
        await this.deposits.setReplaced(replacement);
        continue;
      }
      const verdict = judgeUnmined(deposit, inMempool.has(deposit.id), height, vanishBlocks);
      if (verdict)
        await this.deposits.setUnmined(deposit.id, deposit.state, verdict.state, verdict.missingSince);
    }
  }
}
