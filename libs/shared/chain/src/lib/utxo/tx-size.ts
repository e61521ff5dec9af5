/**
 * Virtual sizes of the transactions the treasury builds: P2WPKH inputs only, any standard outputs.
 * Sizes are upper bounds (a 72-byte DER signature), so the fee paid never falls below the rate.
 */

/** outpoint 36 + empty scriptSig 1 + sequence 4, in weight units. */
const INPUT_WEIGHT = 41 * 4;
/** item count 1 + signature push 1 + 72 DER + 1 sighash type + key push 1 + 33-byte key. */
const P2WPKH_WITNESS_WEIGHT = 1 + 1 + 73 + 1 + 33;
/** version 4 + locktime 4, plus segwit marker and flag (1 weight unit each). */
const TX_OVERHEAD_WEIGHT = 8 * 4 + 2;

const varIntSize = (n: number) => (n < 0xfd ? 1 : n <= 0xffff ? 3 : 5);

/** Serialized size of an output paying `scriptLength` bytes of script. */
export const outputSize = (scriptLength: number) => 8 + varIntSize(scriptLength) + scriptLength;

export function p2wpkhTxVsize(inputs: number, outputScriptLengths: readonly number[]): number {
  const counts = varIntSize(inputs) + varIntSize(outputScriptLengths.length);
  const outputs = outputScriptLengths.reduce((sum, length) => sum + outputSize(length), 0);
  const weight =
    TX_OVERHEAD_WEIGHT + (counts + outputs) * 4 + inputs * (INPUT_WEIGHT + P2WPKH_WITNESS_WEIGHT);
  return Math.ceil(weight / 4);
}

/** Fee of `vsize` virtual bytes at `satPerKvb` (sat per 1000 vB), rounded up. */
export function feeFor(vsize: number, satPerKvb: bigint): bigint {
  return (BigInt(vsize) * satPerKvb + 999n) / 1000n;
}

/**
 * The smallest output the node relays (Bitcoin Core's GetDustThreshold): what it costs at the
 * dust relay rate to create and later spend it. A witness program's spend is 67 vB, others 148.
 */
export function dustLimit(script: Uint8Array, dustRelaySatVb: bigint): bigint {
  const version = script[0];
  const isWitness =
    script.length >= 4 &&
    script.length <= 42 &&
    (version === 0 || (version >= 0x51 && version <= 0x60)) &&
    script[1] + 2 === script.length;
  const spend = isWitness ? 67 : 148;
  return BigInt(outputSize(script.length) + spend) * dustRelaySatVb;
}
