import type { TransferState } from '@swap/treasury-domain';

/** A state as an SQL literal: states are the lifecycle's own names, never input. */
export const sqlState = (state: TransferState): string => `'${state}'`;

/** `state = …` or `state IN (…)` over states the lifecycle table gives. */
export function stateIn(states: readonly TransferState[], column = 'state'): string {
  if (states.length === 0) throw new Error('no state: the lifecycle table allows nothing here');
  if (states.length === 1) return `${column} = ${sqlState(states[0])}`;
  return `${column} IN (${states.map(sqlState).join(', ')})`;
}
