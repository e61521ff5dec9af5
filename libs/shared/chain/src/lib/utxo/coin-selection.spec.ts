import fc from 'fast-check';
import { selectCoins, splitFee, type Coin, type Payment } from './coin-selection';
import { dustLimit, feeFor, p2wpkhTxVsize } from './tx-size';

const p2wpkh = Uint8Array.from([0, 20, ...new Array(20).fill(9)]);
const p2tr = Uint8Array.from([0x51, 32, ...new Array(32).fill(7)]);
const coin = (value: bigint, n = 0): Coin => ({ txid: 'a'.repeat(63) + n.toString(16), vout: n, value });
const pay = (value: bigint, script = p2wpkh): Payment => ({ script, value });
const params = { feeRate: 10_000n, changeScript: p2wpkh, dustRelaySatVb: 3n };

describe('UTXO transaction sizes', () => {
  it('bounds a P2WPKH payout from above (72-byte signatures)', () => {
    // 1 in, 2 P2WPKH out: litecoind weighs such a tx with a 71-byte signature at 561; the bound 563.
    expect(p2wpkhTxVsize(1, [22, 22])).toBe(Math.ceil(563 / 4));
    expect(p2wpkhTxVsize(2, [22, 22, 22])).toBe(Math.ceil((563 + 273 + 31 * 4) / 4));
  });

  it("uses Core's dust thresholds: 294 sat for P2WPKH on Bitcoin, 2940 on Litecoin", () => {
    expect(dustLimit(p2wpkh, 3n)).toBe(294n);
    expect(dustLimit(p2wpkh, 30n)).toBe(2940n);
    expect(dustLimit(Uint8Array.from([0x76, 0xa9, 20, ...new Array(22).fill(0)]), 3n)).toBe(546n);
  });

  it('rounds the fee up', () => {
    expect(feeFor(141, 1_000n)).toBe(141n);
    expect(feeFor(141, 1_001n)).toBe(142n);
  });
});

describe('coin selection', () => {
  it('takes the largest coins first and returns change to the hot address', () => {
    const coins = [coin(50_000n, 1), coin(400_000n, 2), coin(300_000n, 3)];
    const result = selectCoins(coins, [pay(500_000n)], params);
    expect(result).toMatchObject({ ok: true, inputs: [coins[1], coins[2]] });
    if (!result.ok) return;
    expect(result.fee).toBe(feeFor(p2wpkhTxVsize(2, [22, 22]), params.feeRate));
    expect(result.change).toBe(700_000n - 500_000n - result.fee);
  });

  it('gives change below dust to the fee', () => {
    const bare = feeFor(p2wpkhTxVsize(1, [34]), params.feeRate);
    const result = selectCoins([coin(100_000n + bare + 100n)], [pay(100_000n, p2tr)], params);
    expect(result).toEqual({ ok: true, inputs: [expect.anything()], change: 0n, fee: bare + 100n });
  });

  it('says what is missing when the coins do not cover payments and fee', () => {
    const result = selectCoins([coin(1_000n, 1), coin(2_000n, 2)], [pay(2_500n)], params);
    expect(result).toEqual({
      ok: false,
      needed: 2_500n + feeFor(p2wpkhTxVsize(2, [22]), params.feeRate),
      available: 3_000n,
    });
  });

  it('never pays less than the rate, and inputs always equal payments + change + fee', () => {
    const values = fc.array(fc.bigInt({ min: 1_000n, max: 10n ** 10n }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(values, values, fc.bigInt({ min: 1_000n, max: 500_000n }), (coins, amounts, rate) => {
        const payments = amounts.slice(0, 4).map((a) => pay(a));
        const result = selectCoins(
          coins.map((v, i) => coin(v, i)),
          payments,
          { ...params, feeRate: rate },
        );
        if (!result.ok) return result.needed > result.available;
        const inputs = result.inputs.reduce((s, c) => s + c.value, 0n);
        const paid = payments.reduce((s, p) => s + p.value, 0n);
        const outputs = payments.length + (result.change > 0n ? 1 : 0);
        const vsize = p2wpkhTxVsize(result.inputs.length, new Array(outputs).fill(22));
        return inputs === paid + result.change + result.fee && result.fee >= feeFor(vsize, rate);
      }),
    );
  });
});

describe('fee shares', () => {
  it('add up to the fee exactly and differ by at most one unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 1, max: 50 }), (fee, n) => {
        const shares = splitFee(fee, n);
        const sum = shares.reduce((s, x) => s + x, 0n);
        const spread = shares[0] - shares[n - 1];
        return shares.length === n && sum === fee && spread >= 0n && spread <= 1n;
      }),
    );
    expect(splitFee(10n, 3)).toEqual([4n, 3n, 3n]);
  });
});
