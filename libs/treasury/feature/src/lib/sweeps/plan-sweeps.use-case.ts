import type { DepositReturnUpdated, SwapSnapshot } from '@swap/contracts';
import { CURRENCIES, type CurrencyCode, type Network, type Logger } from '@swap/domain';
import type { SwapBookRepository, Transfer, TransferLifecycle } from '@swap/treasury-data';
import type { ChainNodes } from '../chains/chain-nodes';
import { HOT_WALLET_INDEX, type TreasuryKeys } from '../keys/treasury-keys';
import { isCredited, isSweptNetwork, isToken, nativeCurrency, newBook } from '../ledger/swap-books.rules';
import type { TransferDispatcher } from '../sending/transfer-dispatcher';

export interface PlanSweepsDeps {
  transfers: TransferLifecycle;
  books: SwapBookRepository;
  chains: ChainNodes;
  keys: TreasuryKeys;
  dispatcher: TransferDispatcher;
  logger: Logger;
}

interface DepositAddress {
  swapId: string;
  network: Network;
  currency: CurrencyCode;
  index: number;
  address: string;
}

/**
 * What a sweep's transfers are named after: the swap, and for a later deposit's also its return or
 * its own payout (whose ids are unique within the swap).
 */
const subject = (swapId: string, laterId?: string) =>
  laterId === undefined ? swapId : `${swapId}:${laterId}`;
/** A swap's sweep; `laterId` names a later one, of a deposit returned or paid out on its own. */
export const sweepId = (swapId: string, laterId?: string) => `sweep:${subject(swapId, laterId)}`;
export const gasId = (swapId: string, laterId?: string) => `gas:${subject(swapId, laterId)}`;
/** The TRX a delegated sweep burns after all, when no energy could be lent: a second top-up. */
const BURN = '#burn';
/** The sweep's subject a step was named after: `gas:S`, `gas:S#burn`, `delegate:S`, `sweep:S` → S. */
const subjectOf = (id: string) => id.slice(id.indexOf(':') + 1).replace(BURN, '');

/** A sweep of the same address still on its way: the next is planned once it has settled. */
export class SweepUnderWayError extends Error {
  override readonly name = 'SweepUnderWayError';

  constructor(swapId: string) {
    super(`${swapId}: an earlier sweep of the deposit address is still under way`);
  }
}

/**
 * Moves credited deposits on TRX, ETH, AVAX and SOL from their own address to the hot wallet. A
 * coin deposit is swept at once (less its fee); a token deposit first gets gas from the hot wallet,
 * and is swept once that gas has confirmed (resumeTokenSweeps, on the tracker's timer).
 */
export class PlanSweeps {
  constructor(private readonly deps: PlanSweepsDeps) {}

  async onSwapUpdated(swap: SwapSnapshot): Promise<void> {
    const network = CURRENCIES[swap.from].network;
    if (swap.dryrun || !isSweptNetwork(network) || !isCredited(swap) || !swap.depositIndex) return;
    const deposit = {
      swapId: swap.id,
      network,
      currency: swap.from,
      index: swap.depositIndex,
      address: swap.depositAddress,
    };
    if (!isToken(swap.from)) await this.planSweep(deposit, sweepId(swap.id));
    else {
      // The token sweep is planned later from the swap's book: make sure it is there.
      await this.deps.books.ensure(newBook(swap));
      await this.planGas(deposit, gasId(swap.id));
    }
    for (const later of swap.later)
      if (later.payout && later.payout.state !== 'FAILED') await this.sweepLater(deposit, later.payout.id);
  }

  /**
   * A late deposit whose return confirmed is still at its address (unless the swap's own sweep
   * took it along): it is swept like the first, once that sweep has settled, so the address's
   * balance is read after it. Until then this throws, and the event comes back later.
   */
  async onDepositReturned(ret: DepositReturnUpdated): Promise<void> {
    if (ret.state !== 'confirmed' || !isSweptNetwork(ret.network) || !ret.depositIndex) return;
    const deposit = {
      swapId: ret.swapId,
      network: ret.network,
      currency: ret.currency,
      index: ret.depositIndex,
      address: ret.depositAddress,
    };
    await this.sweepLater(deposit, ret.returnId);
  }

  /**
   * A later deposit (returned, or paid out on its own) still at its address, unless an earlier sweep
   * took it along: swept like the first once that sweep has settled, so the address's balance is
   * read after it. Until then this throws, and the event comes back later.
   */
  private async sweepLater(deposit: DepositAddress, laterId: string): Promise<void> {
    const { transfers } = this.deps;
    const { swapId } = deposit;
    if ((await transfers.find(sweepId(swapId, laterId))) || (await transfers.find(gasId(swapId, laterId))))
      return;
    if (await transfers.sweepUnderWay(swapId)) throw new SweepUnderWayError(swapId);
    if (!isToken(deposit.currency)) return this.planSweep(deposit, sweepId(swapId, laterId));
    // A token sweep needs gas; and only if there is a token balance left to sweep.
    const balance = await this.deps.chains.reader(deposit.network).balance(deposit.address, deposit.currency);
    if (balance > 0n) await this.planGas(deposit, gasId(swapId, laterId));
  }

  /**
   * Plans the next step of each token sweep whose last step ended, once (the step is then marked
   * followed up; a node that cannot be asked leaves it for the next pass):
   * - gas landed → the sweep; where energy is lent (Tron, TRX_SWEEP_ENERGY=delegate), the gas only
   *   opened the deposit account: the hot wallet lends it the energy, or, with too little stake to
   *   lend, tops it up with the TRX the sweep will burn;
   * - lent energy landed → the sweep; the lending failed → the TRX top-up instead;
   * - a sweep ended (landed or failed) with energy lent for it → the energy taken back.
   * A step without its swap's book waits for the book.
   */
  async resumeTokenSweeps(): Promise<void> {
    const { transfers, books, logger } = this.deps;
    for (const step of await transfers.toFollowUp()) {
      const book = step.swapId === null ? null : await books.find(step.swapId);
      if (step.kind !== 'sweep' && (!book || book.depositIndex === null)) {
        logger.warn({ transferId: step.id, swapId: step.swapId }, 'sweep step without its swap book; waits');
        continue;
      }
      const deposit: DepositAddress | null = book?.depositIndex
        ? {
            swapId: book.swapId,
            network: book.network,
            currency: book.currency,
            index: book.depositIndex,
            address: book.depositAddress,
          }
        : null;
      await this.nextStep(step, deposit);
      await transfers.markFollowedUp(step.id);
    }
  }

  private async nextStep(step: Transfer, deposit: DepositAddress | null): Promise<void> {
    const name = subjectOf(step.id);
    if (step.kind === 'sweep') return this.takeBackEnergy(name);
    if (!deposit) return;
    const lending = this.deps.chains.sender(deposit.network).energyLending;
    const opened = step.kind === 'gas' && lending !== undefined && !step.id.endsWith(BURN);
    if (opened) {
      const stake = await lending.stake(deposit.currency, deposit.address);
      if (stake !== null) return this.lend(deposit, name, stake);
      this.deps.logger.warn(
        { swapId: deposit.swapId, network: deposit.network },
        'not enough staked TRX to lend a sweep its energy; the sweep burns TRX',
      );
      return this.planBurnTopUp(deposit, name);
    }
    if (step.kind === 'delegate' && step.state === 'FAILED') return this.planBurnTopUp(deposit, name);
    await this.planSweep(deposit, `sweep:${name}`);
  }

  private async planSweep(deposit: DepositAddress, id: string): Promise<void> {
    const { transfers, chains, keys, logger } = this.deps;
    if ((await transfers.find(id)) || !this.ownsAddress(deposit)) return;
    const balance = await chains.reader(deposit.network).balance(deposit.address, deposit.currency);
    // A coin pays its own fee out of the balance; a token's fee is the gas sent beforehand.
    const fee = isToken(deposit.currency)
      ? 0n
      : await chains.sender(deposit.network).estimateFee(deposit.currency, this.route(deposit));
    if (balance - fee <= 0n) {
      logger.info({ swapId: deposit.swapId, currency: deposit.currency }, 'nothing to sweep');
      return;
    }
    await this.plan(
      id,
      'sweep',
      deposit,
      deposit.index,
      keys.hotAddress(deposit.network),
      deposit.currency,
      balance - fee,
    );
  }

  /**
   * Native coin for the deposit address before its token sweep: what the sweep burns, or where
   * energy is lent, only what opens the account (it must exist to be lent energy).
   */
  private async planGas(deposit: DepositAddress, id: string): Promise<void> {
    const { transfers, chains } = this.deps;
    if ((await transfers.find(id)) || !this.ownsAddress(deposit)) return;
    const sender = chains.sender(deposit.network);
    const gas =
      sender.energyLending?.activation ?? (await sender.estimateFee(deposit.currency, this.route(deposit)));
    const native = nativeCurrency(deposit.network);
    await this.plan(id, 'gas', deposit, HOT_WALLET_INDEX, deposit.address, native, gas);
  }

  /** The TRX the sweep burns for its energy, after all (nothing could be lent). */
  private async planBurnTopUp(deposit: DepositAddress, name: string): Promise<void> {
    const sender = this.deps.chains.sender(deposit.network);
    const gas = await sender.estimateFee(deposit.currency, this.route(deposit));
    const native = nativeCurrency(deposit.network);
    await this.plan(`gas:${name}${BURN}`, 'gas', deposit, HOT_WALLET_INDEX, deposit.address, native, gas);
  }

  /** The hot wallet lends the deposit address the energy of `stake` sun of its staked TRX. */
  private async lend(deposit: DepositAddress, name: string, stake: bigint): Promise<void> {
    const native = nativeCurrency(deposit.network);
    await this.plan(
      `delegate:${name}`,
      'delegate',
      deposit,
      HOT_WALLET_INDEX,
      deposit.address,
      native,
      stake,
    );
  }

  /** A sweep that ended, with energy lent for it: the energy goes back to the hot wallet. */
  private async takeBackEnergy(name: string): Promise<void> {
    const lent = await this.deps.transfers.find(`delegate:${name}`);
    if (!lent || lent.state !== 'CONFIRMED' || lent.swapId === null) return;
    const { network, currency, to, amount, swapId } = lent;
    await this.deps.transfers.plan({
      id: `undelegate:${name}`,
      kind: 'undelegate',
      swapId,
      network,
      currency,
      fromIndex: HOT_WALLET_INDEX,
      to,
      amount,
    });
    this.deps.dispatcher.kick(network);
  }

  private async plan(
    id: string,
    kind: 'sweep' | 'gas' | 'delegate',
    deposit: DepositAddress,
    fromIndex: number,
    to: string,
    currency: CurrencyCode,
    amount: bigint,
  ): Promise<void> {
    const { network, swapId } = deposit;
    await this.deps.transfers.plan({ id, kind, swapId, network, currency, fromIndex, to, amount });
    this.deps.dispatcher.kick(network);
  }

  /** A sweep's way: from the deposit address to the hot wallet. */
  private route(deposit: DepositAddress): { from: string; to: string } {
    return { from: deposit.address, to: this.deps.keys.hotAddress(deposit.network) };
  }

  /** The swap's address must be the one our key at its index controls, or nothing is signed for it. */
  private ownsAddress(deposit: DepositAddress): boolean {
    if (this.deps.keys.signer(deposit.network, deposit.index).address === deposit.address) return true;
    this.deps.logger.error(
      { swapId: deposit.swapId, network: deposit.network, index: deposit.index },
      'deposit address does not match the treasury key at its index; not swept',
    );
    return false;
  }
}
