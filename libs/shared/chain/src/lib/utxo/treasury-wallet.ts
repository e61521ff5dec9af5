import type { Logger } from '@swap/domain';
import { bytesToHex } from '@noble/hashes/utils.js';
import { depositAddress, extendedKeyForChain } from '@swap/chain-keys';
import { scriptFromAddress } from './address-codec';
import { openWallet } from './open-wallet';
import { descriptorInfo, importResults, query } from './rpc-schemas';
import type { UtxoConfig } from './utxo-config';
import { addressParams } from './utxo-network';
import type { UtxoRpc } from './utxo-rpc';
import { receiveIndexOfDescriptor, watchedIndex } from './wallet-address';

/** Receive indices per importmulti request (a legacy wallet imports each key). */
const CHUNK = 1000;
/** An import may rescan the chain from the wallet's birthday: give it time. */
const IMPORT_TIMEOUT_MS = 30 * 60_000;

/**
 * The node's watch-only wallet of one account (BIP84 receive branch): which addresses it watches,
 * and which receive index an output of it belongs to.
 */
export class TreasuryWallet {
  /** Receive indices [0, imported) imported by this process. */
  private imported = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly derivedIndex = new Map<string, number>();
  private derived = 0;

  constructor(
    private readonly rpc: UtxoRpc,
    private readonly config: UtxoConfig,
    private readonly accountPublic: string,
    private readonly logger?: Logger,
  ) {}

  /** The output script of receive index `index`, hex. */
  scriptOf(index: number): string {
    const { network, chain } = this.config;
    const address = depositAddress(network, this.accountPublic, index, { chain });
    return bytesToHex(scriptFromAddress(address, addressParams(network, chain)));
  }

  /** The wallet watches receive indices [0, index + lookahead). One import at a time. */
  expectAddresses(index: number): Promise<void> {
    const run = this.queue.then(() => this.extend(index + this.config.addressLookahead));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The receive index of a wallet output: from its descriptor's key origin, else by derivation. */
  receiveIndex(scriptHex: string, desc: string | undefined): number | null {
    const fromOrigin = receiveIndexOfDescriptor(desc);
    if (fromOrigin !== null) return fromOrigin;
    for (; this.derived < this.imported; this.derived++)
      this.derivedIndex.set(this.scriptOf(this.derived), this.derived);
    return this.derivedIndex.get(scriptHex) ?? null;
  }

  /**
   * Imports up to `end` (exclusive). The first import of this process starts at 0 again (imports
   * are idempotent), as the node may have lost or never finished an earlier one. A wallet that does
   * not watch index 0 yet is fresh: its import rescans from the birthday; later ones stamp 'now'
   * (the node rescans its last two hours).
   */
  private async extend(end: number): Promise<void> {
    if (end <= this.imported) return;
    const { wallet, walletBirthday } = this.config;
    const kind = await openWallet(this.rpc, wallet, this.logger);
    const descriptor = await this.descriptor();
    const fresh = this.imported === 0 && (await watchedIndex(this.rpc, wallet, this.scriptOf(0))) === null;
    const timestamp = fresh ? walletBirthday : 'now';
    if (kind === 'descriptors') await this.importDescriptor(descriptor, end, timestamp);
    else await this.importMulti(descriptor, end, timestamp, fresh);
    this.logger?.info(
      { wallet, kind, from: this.imported, to: end - 1, rescanFrom: timestamp },
      'the node wallet watches these receive addresses',
    );
    this.imported = end;
  }

  /**
   * A descriptor wallet keeps the descriptor with its range: importing it again with a longer range
   * extends it (and rescans from `timestamp`). Not active: getnewaddress never hands these out.
   */
  private async importDescriptor(desc: string, end: number, timestamp: number | 'now'): Promise<void> {
    const request = { desc, range: [0, end - 1], timestamp, active: false };
    const results = await query(this.rpc, importResults, 'importdescriptors', [[request]], {
      wallet: this.config.wallet,
      timeoutMs: IMPORT_TIMEOUT_MS,
    });
    checkImported(results, 'importdescriptors', this.config.wallet);
  }

  /** A legacy wallet imports each key: in chunks once it is fresh no more, rescanning after the last. */
  private async importMulti(
    desc: string,
    end: number,
    timestamp: number | 'now',
    fresh: boolean,
  ): Promise<void> {
    const request = (from: number, to: number) => ({
      desc,
      range: [from, to - 1],
      timestamp,
      watchonly: true,
      keypool: false,
    });
    const chunks: Array<[number, number]> = [];
    for (let from = this.imported; from < end; from += CHUNK)
      chunks.push([from, Math.min(end, from + CHUNK)]);
    const calls = fresh ? [chunks] : chunks.map((chunk) => [chunk]);
    for (const [i, call] of calls.entries()) {
      const requests = call.map(([from, to]) => request(from, to));
      // Rescanning once, after the last call, finds the coins of every address imported before it.
      const options = { rescan: i === calls.length - 1 };
      const results = await query(this.rpc, importResults, 'importmulti', [requests, options], {
        wallet: this.config.wallet,
        timeoutMs: IMPORT_TIMEOUT_MS,
      });
      checkImported(results, 'importmulti', this.config.wallet);
    }
  }

  /**
   * `wpkh(tpub…/0/*)` with its checksum: tpub on test chains, as the node wants. No key origin:
   * the account key does not tell its master's fingerprint, and a made-up one would mislead any
   * tool that reads it; the node records `[account fingerprint/0/i]` as each key's origin itself.
   */
  private async descriptor(): Promise<string> {
    const key = extendedKeyForChain(this.accountPublic, this.config.chain);
    const text = `wpkh(${key}/0/*)`;
    const { checksum } = await query(this.rpc, descriptorInfo, 'getdescriptorinfo', [text]);
    return `${text}#${checksum}`;
  }
}

function checkImported(
  results: Array<{ success: boolean; error?: { message: string } }>,
  method: string,
  wallet: string,
) {
  const failed = results.find((result) => !result.success);
  if (failed) throw new Error(`${method} into ${wallet} failed: ${failed.error?.message ?? 'no reason'}`);
}
