import { UnsignableTransfer, type ChainSender, type SignedTransaction } from '@swap/chain';
import type { BumpRequest, CpfpRequest, FillNonceRequest, ReplacementView } from '@swap/contracts';
import type { Network, Logger } from '@swap/domain';
import {
  TransferMovedOn,
  type Transfer,
  type TransferLifecycle,
  type TransferTransactions,
} from '@swap/treasury-data';
import { transition, type TransferDecision, type TransferRefusal } from '@swap/treasury-domain';
import type { ChainNodes } from '../chains/chain-nodes';
import type { TreasuryKeys } from '../keys/treasury-keys';
import type { ReservationsSignal } from '../liquidity/reservations-signal';
import type { SigningFreeze } from '../policy/signing-freeze';
import { signedOf } from '../sending/network-sender';
import { TreasuryErrors } from '../signing/treasury-errors';
import { childBatch, fillerBatch, switchBatch } from './replacement-postings';

export interface ReplaceTransferDeps {
  transfers: TransferLifecycle;
  replacements: TransferTransactions;
  chains: ChainNodes;
  keys: TreasuryKeys;
  reservations: ReservationsSignal;
  /** A SIGNED transfer's new bytes go out with its network's next sending pass. */
  kick: (network: Network) => void;
  /** Nothing is signed on a frozen network, the operator's replacements neither. */
  freeze: Pick<SigningFreeze, 'frozen'>;
  logger: Logger;
}

/** Chains whose stuck transactions are not for the operator to replace, and why. */
const NOT_REPLACEABLE: Partial<Record<Network, string>> = {
  TRX: 'a TRX transaction expires: once its node proves it can never land, the treasury signs the transfer again by itself',
  SOL: 'a SOL transaction expires with its blockhash: once it can never land, the treasury signs the transfer again by itself',
  XMR: 'XMR transactions cannot be replaced; a stuck one is relayed again until it is mined',
};

/** The operator hears why the lifecycle refuses the replacement. */
const REFUSED: Record<TransferRefusal, (transfer: Transfer) => string> = {
  CONFIRMED_ALREADY: (t) => `transfer ${t.id} is confirmed already (${t.signed?.txid}): nothing to replace`,
  FAILED_ALREADY: (t) => `transfer ${t.id} has failed (${t.failure}): nothing to replace`,
  NOT_SIGNED: (t) => `transfer ${t.id} is not signed yet: nothing to replace`,
  NOT_HELD: (t) => `transfer ${t.id} is ${t.state}: nothing to replace`,
  NOT_BROADCAST: (t) => `transfer ${t.id} is not broadcast yet: no child can spend it`,
  ILLEGAL_MOVE: (t) => `transfer ${t.id} is ${t.state}: nothing to replace`,
};

/**
 * The operator's way out of a stuck transfer (`swapctl treasury bump` / `fill-nonce`). Only the
 * treasury signs: the replacement conflicts with the stuck transaction (the same inputs or nonce),
 * is stored with its ledger batch before it is broadcast, and whichever of them is mined settles
 * the transfer (see ConflictingTransactions), so the payment is never made twice.
 */
export class ReplaceTransfer {
  constructor(private readonly deps: ReplaceTransferDeps) {}

  /** The same payment at a higher fee; a UTXO batch's transfers are bumped together. */
  async bump({ transferId, feeRate }: BumpRequest): Promise<ReplacementView> {
    const transfer = await this.stuck(transferId);
    const sender = this.replaceable(transfer);
    const current = signedOf(transfer);
    // Transfers paid by one UTXO transaction share its bytes: they move to the replacement together.
    const group = (await this.deps.transfers.unsettledSigned(transfer.network)).filter(
      (other) => other.signed?.txid === current.txid,
    );
    const carried = group.some((other) => other.id === transfer.id) ? group : [transfer];
    const txs = await this.signed(transfer.network, () =>
      sender.replacer!.bump({
        tx: current,
        signer: this.deps.keys.signer(transfer.network, transfer.fromIndex),
        shares: carried.length,
        feeRate: feeRate === undefined ? undefined : BigInt(feeRate),
      }),
    );
    const memo = (t: Transfer) => `${t.kind} fee bumped by the operator: ${current.txid} → ${txs[0].txid}`;
    await this.stored(() =>
      this.deps.replacements.switchTo(
        carried.map((t, i) => ({
          transfer: t,
          tx: txs[i],
          batch: switchBatch(t, signedOf(t), txs[i], memo(t)),
        })),
      ),
    );
    const mine = txs[carried.findIndex((t) => t.id === transfer.id)];
    return this.sent('bump', transfer, mine, carried, sender);
  }

  /** A zero-value transfer to the hot wallet at the stuck transaction's nonce (EVM). */
  async fillNonce({ transferId, feeRate }: FillNonceRequest): Promise<ReplacementView> {
    const transfer = await this.stuck(transferId);
    const sender = this.replaceable(transfer);
    const replacer = sender.replacer!;
    if (!sender.nonces || !replacer.fill)
      throw TreasuryErrors.cannotReplace(
        `${transfer.network} has no nonces to fill; use swapctl treasury bump ${transfer.id}`,
      );
    const fill = replacer.fill.bind(replacer);
    const filler = await this.signed(transfer.network, () =>
      fill({
        tx: signedOf(transfer),
        signer: this.deps.keys.signer(transfer.network, transfer.fromIndex),
        to: this.deps.keys.hotAddress(transfer.network),
        feeRate: feeRate === undefined ? undefined : BigInt(feeRate),
      }),
    );
    await this.stored(() =>
      this.deps.replacements.addFiller(transfer, filler, fillerBatch(transfer, filler)),
    );
    const view = await this.sent('fill-nonce', transfer, filler, [transfer], sender);
    // A payout no node took (refused, holding up the address's later nonces): its nonce is now in
    // a node's hands. BROADCAST, it is followed by the tracker, which fails it once the filler is
    // deep enough, and the sender goes on with the later nonces.
    const taken = transition(transfer, { kind: 'FillerAccepted' });
    if (view.accepted && taken.ok && !taken.idle) {
      await this.deps.transfers.markBroadcast(transfer.id);
      this.deps.kick(transfer.network);
    }
    return view;
  }

  /** A CPFP child of the stuck transaction (UTXO): the payout's own bytes stay as they are. */
  async cpfp({ transferId, feeRate }: CpfpRequest): Promise<ReplacementView> {
    const transfer = await this.stuck(transferId);
    const sender = this.replaceable(transfer);
    const replacer = sender.replacer!;
    if (!replacer.childPays)
      throw TreasuryErrors.cannotReplace(
        `${transfer.network} has no CPFP; use swapctl treasury bump ${transfer.id}`,
      );
    // Its parent must be in the node's mempool for a child to be taken.
    this.allowed(transfer, transition(transfer, { kind: 'ChildAdded' }));
    const childPays = replacer.childPays.bind(replacer);
    const child = await this.signed(transfer.network, () =>
      childPays({ tx: signedOf(transfer), feeRate: feeRate === undefined ? undefined : BigInt(feeRate) }),
    );
    await this.stored(() => this.deps.replacements.addChild(transfer, child, childBatch(transfer, child)));
    return this.sent('cpfp', transfer, child, [transfer], sender);
  }

  /** The transfer, if it has a transaction that could still be stuck. */
  private async stuck(id: string): Promise<Transfer> {
    const transfer = await this.deps.transfers.find(id);
    if (!transfer) throw TreasuryErrors.transferNotFound(id);
    this.allowed(transfer, transition(transfer, { kind: 'Replaced' }));
    if (transfer.kind === 'refund')
      throw TreasuryErrors.cannotReplace(
        `transfer ${id} is a refund the refunds service holds the bytes of: it cannot be replaced here`,
      );
    return transfer;
  }

  private allowed(transfer: Transfer, decided: TransferDecision): void {
    if (!decided.ok) throw TreasuryErrors.wrongState(REFUSED[decided.refusal](transfer));
  }

  private replaceable(transfer: Transfer): ChainSender {
    const sender = this.deps.chains.sender(transfer.network);
    if (!sender.replacer)
      throw TreasuryErrors.cannotReplace(
        NOT_REPLACEABLE[transfer.network] ??
          `${transfer.network} transactions cannot be replaced by this treasury`,
      );
    return sender;
  }

  /** Nothing while the network is frozen; signing errors the operator can act on are answered in the chain's words, others as a node away. */
  private async signed<T>(network: Network, sign: () => Promise<T>): Promise<T> {
    if (await this.deps.freeze.frozen(network)) throw TreasuryErrors.frozen(network);
    try {
      return await sign();
    } catch (err) {
      if (err instanceof UnsignableTransfer) throw TreasuryErrors.cannotReplace(err.message);
      this.deps.logger.error({ err, network }, 'replacement not signed');
      throw TreasuryErrors.unavailable(network);
    }
  }

  private async stored(store: () => Promise<unknown>): Promise<void> {
    try {
      await store();
    } catch (err) {
      if (err instanceof TransferMovedOn)
        throw TreasuryErrors.wrongState(`${err.message}: it changed meanwhile, look at it again`);
      throw err;
    }
  }

  /** Stored, now broadcast: a refusal or a node away leaves it to the tracker's re-sends. */
  private async sent(
    action: ReplacementView['action'],
    transfer: Transfer,
    tx: SignedTransaction,
    carried: readonly Transfer[],
    sender: ChainSender,
  ): Promise<ReplacementView> {
    const { network } = transfer;
    this.deps.reservations.changed(network);
    let result: { accepted: boolean; reason?: string };
    try {
      result = await sender.broadcast(tx);
    } catch {
      // Not the error's words: a node's URL may carry its credentials.
      result = { accepted: false, reason: 'the node could not be reached' };
    }
    // Bytes no node took yet go out with the sender's next pass.
    const replaced = transition(transfer, { kind: 'Replaced' });
    if (replaced.ok && replaced.row.kicks) this.deps.kick(network);
    const previous = signedOf(transfer);
    const details = {
      transferId: transfer.id,
      replaces: previous.txid,
      txid: tx.txid,
      fee: tx.fee.toString(),
    };
    this.deps.logger.warn(
      { ...details, accepted: result.accepted, reason: result.reason },
      `operator's ${action}`,
    );
    return {
      transferId: transfer.id,
      network,
      action,
      replaces: previous.txid,
      txid: tx.txid,
      fee: tx.fee.toString(),
      previousFee: previous.fee.toString(),
      feeCurrency: tx.feeCurrency,
      transfers: carried.map((t) => t.id),
      accepted: result.accepted,
      reason: result.accepted ? null : (result.reason ?? null),
    };
  }
}
