export { ChainIdentityMismatch, stopOnChainMismatch } from './chain-identity-mismatch';
export {
  createChainIdentitiesTable,
  dropChainIdentitiesTable,
  SqlChainIdentityPins,
  type ChainIdentityPins,
  type PinnedIdentity,
  type SqlRunner,
} from './identity-pins';
export { PinnedChain, type PinnedChainOptions } from './pinned-chain';
export { pinNodes, type NetworkNode } from './pin-nodes';
