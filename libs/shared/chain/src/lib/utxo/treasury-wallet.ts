import { bytesToHex } from '@noble/hashes/utils.js';
import { depositAddress, extendedKeyForChain } from '@swap/chain-keys';
import type { ChainLogger } from '../chain-reader';
import { scriptFromAddress } from './address-codec';
import { openWallet } from './open-wallet';
import { descriptorInfo, importResults, query } from './rpc-schemas';
import type { UtxoConfig } from './utxo-config';
import { addressParams } from './utxo-network';
import type { UtxoRpc } from './utxo-rpc';
import { receiveIndexOfDescriptor, watchedIndex } from './wallet-address';

/** Receive indices per importmulti request. */
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
    private readonly logger?: ChainLogger,
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
   * Imports up to `end` (exclusive). The first import of this process starts at 0 again (importmulti
   * is idempotent), as the node may have lost or never finished an earlier one. A wallet that does
   * not watch index 0 yet is fresh: its one import rescans from the birthday. Later imports stamp
   * 'now' (the node rescans its last two hours) and are chunked.
   */
  private async extend(end: number): Promise<void> {
    if (end <= this.imported) return;
    const { wallet, walletBirthday } = this.config;
    await openWallet(this.rpc, wallet, this.logger);
    const descriptor = await this.descriptor();
    const fresh = this.imported === 0 && (await watchedIndex(this.rpc, wallet, this.scriptOf(0))) === null;
    const request = (from: number, to: number) => ({
      desc: descriptor,
      range: [from, to - 1],
      timestamp: fresh ? walletBirthday : 'now',
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
        wallet,
        timeoutMs: IMPORT_TIMEOUT_MS,
      });
      const failed = results.find((result) => !result.success);
      if (failed)
        throw new Error(`importmulti into ${wallet} failed: ${failed.error?.message ?? 'no reason'}`);
    }
    this.logger?.info(
      { wallet, from: this.imported, to: end - 1, rescanFrom: fresh ? walletBirthday : 'now' },
      'the node wallet watches these receive addresses',
    );
    this.imported = end;
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
