import { slippagePercent } from './slippage';

describe('slippagePercent', () => {
  it.each([
    ['15.5', '15.5', '0'],
    ['15.50', '15.5', '0'],
    ['16', '15.5', '3.22580645'],
    ['15', '15.5', '-3.22580645'],
    ['2', '1', '100'],
    ['1.000000001', '1', '0.0000001'],
    ['1.0000000001', '1', '0.00000001'],
    ['1.00000000001', '1', '0'],
    ['0.999999999', '1', '-0.0000001'],
  ])('%s applied vs %s quoted → %s', (applied, quoted, slippage) => {
    expect(slippagePercent(applied, quoted)).toBe(slippage);
  });
});
