import type { Block } from './block';
import type { TronChain } from './chain';
import type { Json } from './json';
import type { ChainParameters } from './parameters';
import { BLOCK_INTERVAL_MS } from './resources';
import type { ChainState } from './state';

/** What the endpoints share: the chain, its rules, and the lab's fault switches. */
export interface LabCore {
  chain: TronChain;
  params: ChainParameters;
  energyPerGas: number;
  /** True when this accepted broadcast is to be lost (loseTransactions). */
  loseNext(txID: string): boolean;
}

export interface ApiRequest {
  params: Record<string, unknown>;
  visible: boolean;
}

/** walletsolidity/* answers as of the solidified block, wallet/* as of the head. */
export interface View {
  block: Block;
  state: ChainState;
  /** The slot resource usage is recovered up to. */
  now: number;
  solid: boolean;
}

export function viewOf(chain: TronChain, solid: boolean): View {
  const block = solid ? chain.blocks[chain.solidNumber] : chain.head;
  return { block, state: block.state, now: Math.floor(block.timestamp / BLOCK_INTERVAL_MS), solid };
}

export type Route = (req: ApiRequest, lab: LabCore, view: View) => Json | Promise<Json>;

/** java-tron reads booleans from JSON or from query strings. */
export const flag = (value: unknown) => value === true || value === 'true';
