import type { DepositReturnUpdated, SwapSnapshot } from '@swap/contracts';
import { CURRENCIES, type CurrencyCode, type Network } from '@swap/domain';
import type { SwapBookRepository, TransferRepository } from '@swap/treasury-data';
import type { ChainNodes, TreasuryLogger } from '../chains/chain-nodes';
import { HOT_WALLET_INDEX, type TreasuryKeys } from '../keys/treasury-keys';
import { isCredited, isSweptNetwork, isToken, nativeCurrency, newBook } from '../ledger/swap-books.rules';
import type { TransferDispatcher } from '../sending/transfer-dispatcher';

export interface PlanSweepsDeps {
  transfers: TransferRepository;
  books: SwapBookRepository;
  chains: ChainNodes;
  keys: TreasuryKeys;
  dispatcher: TransferDispatcher;
  logger: TreasuryLogger;
}

interface DepositAddress {
  swapId: string;
  network: Network;
  currency: CurrencyCode;
  index: number;
  address: string;
}

/** A swap's sweep; `returnId` names the later one, of a late deposit returned after the first. */
export const sweepId = (swapId: string, returnId?: string) =>
  returnId === undefined ? `sweep:${swapId}` : `sweep:${swapId}:${returnId}`;
export const gasId = (swapId: string, returnId?: string) =>
  returnId === undefined ? `gas:${swapId}` : `gas:${swapId}:${returnId}`;
/** The sweep a gas transfer was sent for: the same name after the prefix. */
const sweepOfGas = (gas: string) => `sweep:${gas.slice('gas:'.length)}`;

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
    if (!isToken(swap.from)) return this.planSweep(deposit, sweepId(swap.id));
    // The token sweep is planned later from the swap's book: make sure it is there.
    await this.deps.books.ensure(newBook(swap));
    await this.planGas(deposit, gasId(swap.id));
  }

  /**
   * A late deposit whose return confirmed is still at its address (unless the swap's own sweep
   * took it along): it is swept like the first, once that sweep has settled, so the address's
   * balance is read after it. Until then this throws, and the event comes back later.
   */
  async onDepositReturned(ret: DepositReturnUpdated): Promise<void> {
    if (ret.state !== 'confirmed' || !isSweptNetwork(ret.network) || !ret.depositIndex) return;
    const { transfers } = this.deps;
    if (
      (await transfers.find(sweepId(ret.swapId, ret.returnId))) ||
      (await transfers.find(gasId(ret.swapId, ret.returnId)))
    )
      return;
    if (await transfers.sweepUnderWay(ret.swapId)) throw new SweepUnderWayError(ret.swapId);
    const deposit = {
      swapId: ret.swapId,
      network: ret.network,
      currency: ret.currency,
      index: ret.depositIndex,
      address: ret.depositAddress,
    };
    if (!isToken(ret.currency)) return this.planSweep(deposit, sweepId(ret.swapId, ret.returnId));
    // A token sweep needs gas; and only if there is a token balance left to sweep.
    const balance = await this.deps.chains.reader(ret.network).balance(ret.depositAddress, ret.currency);
    if (balance > 0n) await this.planGas(deposit, gasId(ret.swapId, ret.returnId));
  }

  /**
   * Token sweeps whose gas has landed, each gas top-up followed up once: its sweep planned, or
   * nothing left to sweep (then it is logged); a node that cannot be asked leaves it for the next
   * pass. A gas top-up without its swap's book waits for the book.
   */
  async resumeTokenSweeps(): Promise<void> {
    const { transfers, books, logger } = this.deps;
    for (const gas of await transfers.gasToFollowUp()) {
      const book = gas.swapId === null ? null : await books.find(gas.swapId);
      if (!book || book.depositIndex === null) {
        logger.warn(
          { transferId: gas.id, swapId: gas.swapId },
          'gas top-up without its swap book; sweep waits',
        );
        continue;
      }
      await this.planSweep(
        {
          swapId: book.swapId,
          network: book.network,
          currency: book.currency,
          index: book.depositIndex,
          address: book.depositAddress,
        },
        sweepOfGas(gas.id),
      );
      await transfers.markFollowedUp(gas.id);
    }
  }

  private async planSweep(deposit: DepositAddress, id: string): Promise<void> {
    const { transfers, chains, keys, logger } = this.deps;
    if ((await transfers.find(id)) || !this.ownsAddress(deposit)) return;
    const balance = await chains.reader(deposit.network).balance(deposit.address, deposit.currency);
    // A coin pays its own fee out of the balance; a token's fee is the gas sent beforehand.
    const fee = isToken(deposit.currency)
      ? 0n
      : await chains.sender(deposit.network).estimateFee(deposit.currency);
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

  private async planGas(deposit: DepositAddress, id: string): Promise<void> {
    const { transfers, chains } = this.deps;
    if ((await transfers.find(id)) || !this.ownsAddress(deposit)) return;
    const gas = await chains.sender(deposit.network).estimateFee(deposit.currency);
    const native = nativeCurrency(deposit.network);
    await this.plan(id, 'gas', deposit, HOT_WALLET_INDEX, deposit.address, native, gas);
  }

  private async plan(
    id: string,
    kind: 'sweep' | 'gas',
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
