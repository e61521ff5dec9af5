import { z } from 'zod';
import type { MoneroDaemon } from './monero-daemon';
import type { MoneroWallet } from './monero-wallet';
import { count, readAnswer } from './rpc-values';

/**
 * The fee of a typical payout: 2 inputs, 2 outputs (the payee and the change). The wallet estimates
 * that transaction's weight, the daemon the fee per byte of the lowest priority, which the wallet's
 * default priority picks while the pool is not backlogged; rounded up as the wallet rounds.
 * No funds are needed, unlike signing a real transfer to find out.
 */
export async function feeEstimate(daemon: MoneroDaemon, wallet: MoneroWallet): Promise<bigint> {
  // Hand-written: monero-ts has no call for estimate_tx_size_and_weight.
  const params = { n_inputs: 2, n_outputs: 2, ring_size: 16, rct: true };
  const [size, fee] = await Promise.all([
    wallet.call('estimate_tx_size_and_weight', params),
    daemon.feeEstimate(),
  ]);
  const { weight } = readAnswer(z.object({ weight: count }), size, 'estimate_tx_size_and_weight');
  const exact = BigInt(weight) * fee.perByte;
  const mask = fee.mask > 0n ? fee.mask : 1n;
  return ((exact + mask - 1n) / mask) * mask;
}
