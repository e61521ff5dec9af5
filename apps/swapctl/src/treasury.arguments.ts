import { InvalidArgumentError } from 'commander';
import { TRANSFER_STATES } from '@swap/contracts';

export type TransferState = (typeof TRANSFER_STATES)[number];

/** `--state` is repeatable: each occurrence adds one transfer state, in any letter case. */
export function collectTransferState(value: string, previous: TransferState[]): TransferState[] {
  const state = TRANSFER_STATES.find((s) => s === value.toUpperCase());
  if (!state) throw new InvalidArgumentError(`state must be one of ${TRANSFER_STATES.join(', ')}`);
  return previous.includes(state) ? previous : [...previous, state];
}
