import { feeFor } from './tx-size';

export interface UtxoBumpInput {
  /** What the stuck transaction pays. */
  oldFee: bigint;
  /** Its virtual size (a replacement spending the same inputs to the same outputs has the same). */
  vsize: number;
  /** sat per 1000 vB: the operator's, else the market's. */
  wantedRate: bigint;
  /** The node's incremental relay fee, sat per 1000 vB. */
  incrementalRate: bigint;
}

/**
 * The fee of a BIP125 replacement: at least the wanted rate, and at least the old fee plus the
 * incremental relay fee for its own size (rule 4), so a node takes it in place of the old one.
 */
export function replacementFee({ oldFee, vsize, wantedRate, incrementalRate }: UtxoBumpInput): bigint {
  const atRate = feeFor(vsize, wantedRate);
  const minimum = oldFee + feeFor(vsize, incrementalRate);
  return atRate > minimum ? atRate : minimum;
}

export interface ChildFeeInput {
  parentFee: bigint;
  parentVsize: number;
  childVsize: number;
  /** sat per 1000 vB the two should pay together. */
  wantedRate: bigint;
}

/**
 * A CPFP child's fee: what lifts parent and child together to the wanted rate (miners choose by
 * a package's rate), and never below that rate for the child's own size.
 */
export function childFee({ parentFee, parentVsize, childVsize, wantedRate }: ChildFeeInput): bigint {
  const package_ = feeFor(parentVsize + childVsize, wantedRate) - parentFee;
  const own = feeFor(childVsize, wantedRate);
  return package_ > own ? package_ : own;
}
