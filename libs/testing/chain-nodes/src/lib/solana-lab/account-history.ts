import type { AccountState } from './runtime';

/**
 * Account states as of each block, so a query at an older commitment answers from that block. Only
 * accounts a transaction touched have a history; any other account still has its genesis state.
 */
export class AccountHistory {
  private readonly states = new Map<string, Array<{ height: number; state: AccountState | null }>>();

  /** The state before the first transaction that touched the account is its state since genesis. */
  seed(address: string, state: AccountState | null): void {
    if (!this.states.has(address)) this.states.set(address, [{ height: 0, state }]);
  }

  /** The state after the block at `height`. */
  record(height: number, address: string, state: AccountState | null): void {
    const states = this.states.get(address);
    if (states) states.push({ height, state });
    else this.states.set(address, [{ height, state }]);
  }

  /** The state after the block at `height`; undefined when no transaction ever touched the account. */
  at(address: string, height: number): AccountState | null | undefined {
    const states = this.states.get(address) ?? [];
    for (let i = states.length - 1; i >= 0; i--) {
      if (states[i].height <= height) return states[i].state;
    }
    return undefined;
  }
}
