import { bytesToHex } from '@noble/hashes/utils.js';
import { Transaction } from 'bitcoinjs-lib';
import { z } from 'zod';
import { UnsignableTransfer, type SenderKeys, type SignedTransaction } from '../chain-sender';
import type { BumpRequest, ChildRequest, TransactionReplacer } from '../replacement';
import { splitFee } from './coin-selection';
import { childFee, replacementFee } from './fee-bump';
import { feeRate } from './fee-rate';
import { query } from './rpc-schemas';
import { signTransaction, type SpendInput } from './sign-transaction';
import type { TreasuryWallet } from './treasury-wallet';
import { dustLimit, p2wpkhTxVsize } from './tx-size';
import type { UtxoConfig } from './utxo-config';
import { DUST_RELAY_SAT_VB, type UtxoNetwork } from './utxo-network';
import { isRpcCode, type UtxoRpc } from './utxo-rpc';

const hexTx = z.object({ hex: z.string() });
const networkInfo = z.object({ incrementalfee: z.string().regex(/^\d+(\.\d{1,8})?$/) });
const NO_SUCH_TX = -5;

/**
 * BIP125 fee bumps of the treasury's payouts (which signal replaceability): the same inputs and
 * payments, the extra fee taken from the change to the hot address. Spending the same inputs, the
 * old transaction and its replacement can never both land. (Litecoin Core relays replacements
 * only with -mempoolreplacement=1.)
 */
export class UtxoReplacer implements TransactionReplacer {
  constructor(
    private readonly network: UtxoNetwork,
    private readonly config: UtxoConfig,
    private readonly rpc: UtxoRpc,
    private readonly keys: SenderKeys,
    private readonly wallet: TreasuryWallet,
    /** The hot address's output script, where change goes. */
    private readonly changeScript: () => Uint8Array,
  ) {}

  async bump({ tx, shares, feeRate: wantedSatVb }: BumpRequest): Promise<SignedTransaction[]> {
    const { old, inputs, oldFee, change, vsize } = await this.parent(tx, 'take a higher fee from');
    const [market, incremental] = await Promise.all([feeRate(this.rpc, this.config), this.incrementalRate()]);
    const oldRate = (oldFee * 1000n) / BigInt(vsize);
    const wanted = wantedSatVb !== undefined ? wantedSatVb * 1000n : maxOf(market, 2n * oldRate);
    const fee = replacementFee({ oldFee, vsize, wantedRate: wanted, incrementalRate: incremental });
    const changeValue = old.outs[change].value - (fee - oldFee);
    const dust = dustLimit(this.changeScript(), DUST_RELAY_SAT_VB[this.network]);
    if (changeValue < dust)
      throw new UnsignableTransfer(
        `the change of ${tx.txid} (${old.outs[change].value}) cannot pay a fee of ${fee} (now ${oldFee})`,
      );
    const outputs = old.outs.map((output, i) => ({
      script: output.script,
      value: i === change ? changeValue : output.value,
    }));
    const signed = signTransaction(inputs, outputs);
    const [txid, raw] = [signed.getId(), signed.toHex()];
    return splitFee(fee, shares).map((share) => ({
      network: this.network,
      txid,
      raw,
      fee: share,
      feeCurrency: this.network,
      txKey: null,
    }));
  }

  /** A child spending the parent's change to the hot address, paying for both at the wanted rate. */
  async childPays({ tx, feeRate: wantedSatVb }: ChildRequest): Promise<SignedTransaction> {
    const { old, oldFee, change, vsize } = await this.parent(tx, 'spend in a child');
    const script = this.changeScript();
    const childVsize = p2wpkhTxVsize(1, [script.length]);
    const market = await feeRate(this.rpc, this.config);
    const parentRate = (oldFee * 1000n) / BigInt(vsize);
    const wanted = wantedSatVb !== undefined ? wantedSatVb * 1000n : maxOf(market, 2n * parentRate);
    const fee = childFee({ parentFee: oldFee, parentVsize: vsize, childVsize, wantedRate: wanted });
    const value = old.outs[change].value;
    const dust = dustLimit(script, DUST_RELAY_SAT_VB[this.network]);
    if (value - fee < dust)
      throw new UnsignableTransfer(`the change of ${tx.txid} (${value}) cannot pay a child's fee of ${fee}`);
    const input: SpendInput = { txid: tx.txid, vout: change, value, script, signer: this.keys.signer(0) };
    const child = signTransaction([input], [{ script, value: value - fee }]);
    return {
      network: this.network,
      txid: child.getId(),
      raw: child.toHex(),
      fee,
      feeCurrency: this.network,
      txKey: null,
    };
  }

  /** The stuck transaction as the wallet knows it: its inputs, fee, change output and size. */
  private async parent(tx: SignedTransaction, purpose: string) {
    const old = Transaction.fromHex(tx.raw);
    await this.wallet.expectAddresses(0);
    const inputs = await Promise.all(old.ins.map((input) => this.spent(input.hash, input.index)));
    const spent = inputs.reduce((sum, input) => sum + input.value, 0n);
    const paid = old.outs.reduce((sum, output) => sum + output.value, 0n);
    const changeHex = bytesToHex(this.changeScript());
    const change = old.outs.findIndex((output) => bytesToHex(output.script) === changeHex);
    if (change < 0) throw new UnsignableTransfer(`${tx.txid} has no change output to ${purpose}`);
    const vsize = p2wpkhTxVsize(
      inputs.length,
      old.outs.map((output) => output.script.length),
    );
    return { old, inputs, oldFee: spent - paid, change, vsize };
  }

  /** The output an input spends, from the wallet's record of the transaction that made it. */
  private async spent(hash: Uint8Array, vout: number): Promise<SpendInput> {
    const txid = bytesToHex(Uint8Array.from(hash).reverse());
    const prev = Transaction.fromHex(await this.rawOf(txid));
    const output = prev.outs[vout];
    if (!output) throw new Error(`${txid} has no output ${vout}`);
    const index = this.wallet.receiveIndex(bytesToHex(output.script), undefined);
    if (index === null)
      throw new UnsignableTransfer(`${txid}:${vout} is not an output of the treasury's wallet`);
    return { txid, vout, value: output.value, script: output.script, signer: this.keys.signer(index) };
  }

  /** The wallet's copy (no -txindex needed), else the node's (mempool or -txindex). */
  private async rawOf(txid: string): Promise<string> {
    try {
      return (await query(this.rpc, hexTx, 'gettransaction', [txid, true], { wallet: this.config.wallet }))
        .hex;
    } catch (err) {
      if (!isRpcCode(err, NO_SUCH_TX)) throw err;
      return z.string().parse(await this.rpc.call('getrawtransaction', [txid]));
    }
  }

  /** -incrementalrelayfee, sat per 1000 vB. */
  private async incrementalRate(): Promise<bigint> {
    const { incrementalfee } = await query(this.rpc, networkInfo, 'getnetworkinfo');
    const [whole, fraction = ''] = incrementalfee.split('.');
    return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
  }
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
