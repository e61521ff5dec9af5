import { BUILTIN_PROGRAMS, COMPUTE_BUDGET_PROGRAM } from './well-known';
import type { DecodedMessage } from './wire';

const MAX_UNITS = 1_400_000;
const BUILTIN_UNITS = 3_000;
const DEFAULT_UNITS = 200_000;
const LAMPORTS_PER_SIGNATURE = 5_000n;

export interface ComputeBudget {
  /** micro-lamports per compute unit (SetComputeUnitPrice), 0 when absent */
  readonly unitPrice: bigint;
  /** SetComputeUnitLimit, else agave's default for the message's instructions */
  readonly unitLimit: number;
}

export function computeBudgetOf(message: DecodedMessage): ComputeBudget {
  let unitPrice = 0n;
  let requested: number | undefined;
  for (const ix of message.instructions) {
    if (message.staticKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) continue;
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length === 5) requested = view.getUint32(1, true);
    if (ix.data[0] === 3 && ix.data.length === 9) unitPrice = view.getBigUint64(1, true);
  }
  return { unitPrice, unitLimit: Math.min(requested ?? defaultUnitLimit(message), MAX_UNITS) };
}

/** The fee the runtime charges: 5,000 lamports a signature plus ceil(unit price × unit limit / 1e6). */
export function feeOf(message: DecodedMessage): bigint {
  const { unitPrice, unitLimit } = computeBudgetOf(message);
  const priority = (unitPrice * BigInt(unitLimit) + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + priority;
}

/** SIMD-0170: builtin instructions (ComputeBudget's own included) reserve 3,000 units, others 200,000. */
function defaultUnitLimit(message: DecodedMessage): number {
  return message.instructions.reduce(
    (units, ix) =>
      units + (BUILTIN_PROGRAMS.has(message.staticKeys[ix.programIdIndex]) ? BUILTIN_UNITS : DEFAULT_UNITS),
    0,
  );
}
