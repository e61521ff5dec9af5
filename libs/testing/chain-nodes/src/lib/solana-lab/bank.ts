import type { Block, Ledger } from './ledger';
import { commitmentOf, optionalU64, type Config, type Params } from './params';
import { rpcErrors } from './rpc-error';

export const API_VERSION = '2.2.0';

export type Handler = (params: Params) => unknown;
export type Methods = Readonly<Record<string, Handler>>;

/** The block a request's commitment (and minContextSlot) selects: the "bank" the real RPC answers from. */
export function bankFor(ledger: Ledger, config: Config, commitmentKey = 'commitment'): Block {
  const bank = ledger.blockAt(commitmentOf(config, commitmentKey));
  const minContextSlot = optionalU64(config, 'minContextSlot');
  if (minContextSlot !== undefined && bank.slot < minContextSlot) throw rpcErrors.minContextSlot(bank.slot);
  return bank;
}

/** The `context` of RpcResponse-wrapped results. */
export function context(bank: Block): { slot: number; apiVersion: string } {
  return { slot: bank.slot, apiVersion: API_VERSION };
}
