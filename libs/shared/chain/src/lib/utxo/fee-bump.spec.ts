import { childFee, replacementFee } from './fee-bump';

describe('replacementFee (BIP125)', () => {
  it.each([
    // old fee, vsize, wanted sat/kvB, incremental sat/kvB → fee
    ['the wanted rate pays more than the rules ask', 141n, 141, 2_000_000n, 1000n, 282_000n],
    ['a rate barely above the old one: old fee + incremental relay fee', 1410n, 141, 11_000n, 1000n, 1551n],
    ['a lower rate than paid: still old fee + increment', 14_100n, 141, 1000n, 1000n, 14_241n],
  ])('%s', (_, oldFee, vsize, wantedRate, incrementalRate, fee) => {
    expect(replacementFee({ oldFee, vsize, wantedRate, incrementalRate })).toBe(fee);
  });
});

describe('childFee (CPFP)', () => {
  it.each([
    // parent fee, parent vsize, child vsize, wanted sat/kvB → child fee
    ['lifts the package to the wanted rate', 141n, 141, 110, 2_000_000n, 501_859n],
    [
      'a parent already above the rate: the child pays its own size at it',
      300_000n,
      141,
      110,
      1_000_000n,
      110_000n,
    ],
  ])('%s', (_, parentFee, parentVsize, childVsize, wantedRate, fee) => {
    expect(childFee({ parentFee, parentVsize, childVsize, wantedRate })).toBe(fee);
  });
});
