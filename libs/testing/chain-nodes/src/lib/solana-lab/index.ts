export { startSolanaLab } from './solana-lab';
export type { SolanaLab, SolanaLabOptions } from './lab-types';
// Prefixed: the chain-nodes barrel also re-exports the other labs.
export type {
  Commitment as SolanaCommitment,
  LandedTransaction as SolanaLandedTransaction,
} from './lab-types';
