import { CURRENCIES, CURRENCY_CODES, type CurrencyCode, type Network } from '@swap/domain';
import { key, MemoryStore, signTx, T0, testUnixSeconds, units } from '../test/chain-fixtures';
import { faucetAddress } from './addresses';
import { DevnetChain, type Changed } from './devnet-chain';
import { DevnetError, TxRefused } from './devnet-error';
import { DEFAULT_FUNDING, TRANSFER_FEES } from './devnet-params';

const NONE = new Set<CurrencyCode>();
const ETH_FEE = TRANSFER_FEES.ETH;

function setup(network: Network) {
  const clock = testUnixSeconds();
  const store = new MemoryStore();
  const hot = key(network, 0);
  const params = { network, hotWallet: hot.address, unixSeconds: clock };
  const funding = CURRENCY_CODES.filter((code) => CURRENCIES[code].network === network).map(
    (code): [CurrencyCode, bigint] => [code, units(code, DEFAULT_FUNDING[code])],
  );
  const genesis = DevnetChain.genesis(params, funding);
  store.save(genesis.change);
  const chain = genesis.result;
  /** Persists what an operation changed, as the Devnet service does, and returns its result. */
  const run = <T>(changed: Changed<T>): T => {
    store.save(changed.change);
    return changed.result;
  };
  const mine = (count = 1, failing = NONE) => run(chain.mine(count, failing));
  const submit = (signed: ReturnType<typeof signTx>) => run(chain.submit(signed.tx, signed.raw));
  const deposit = (currency: CurrencyCode, to: string, amount: string) =>
    run(chain.deposit(currency, to, units(currency, amount)));
  return { chain, store, clock, hot, params, run, mine, submit, deposit };
}

describe('DevnetChain: blocks and deposits', () => {
  it('starts with block 0 funding the hot wallet, and mines blocks even when empty', () => {
    const { chain, hot, clock, mine } = setup('ETH');
    expect(chain.tip().height).toBe(0);
    expect(chain.balance(hot.address, 'ETH')).toBe(units('ETH', DEFAULT_FUNDING.ETH));
    expect(chain.balance(hot.address, 'USDTERC')).toBe(units('USDTERC', DEFAULT_FUNDING.USDTERC));
    const genesis = chain.recentBlock(0)!;
    expect(genesis.parentHash).toBe('0'.repeat(64));
    expect(genesis.transfers.map((t) => [t.currency, t.to, t.from])).toEqual([
      ['ETH', hot.address, []],
      ['USDTERC', hot.address, []],
    ]);

    clock.advance(2);
    const tip = mine(2);
    expect(tip.height).toBe(2);
    const [one, two] = [chain.recentBlock(1)!, chain.recentBlock(2)!];
    expect(one.parentHash).toBe(genesis.hash);
    expect(two.parentHash).toBe(one.hash);
    expect(two.hash).toBe(tip.hash);
    expect(two.transfers).toEqual([]);
    expect(one.time).toBe(T0 + 2);
    expect(chain.recentBlock(3)).toBeUndefined();
  });

  it('takes a deposit into the mempool, mines it and counts its confirmations', () => {
    const { chain, deposit, mine } = setup('LTC');
    const to = key('LTC', 5).address;
    const txid = deposit('LTC', to, '1.5');

    expect(chain.status(txid)).toEqual({ state: 'mempool' });
    expect(chain.mempool()).toEqual([
      { txid, index: 0, currency: 'LTC', to, amount: 150_000_000n, from: [faucetAddress('LTC')] },
    ]);
    expect(chain.balance(to, 'LTC')).toBe(0n);

    const tip = mine();
    expect(chain.mempool()).toEqual([]);
    expect(chain.status(txid)).toMatchObject({
      state: 'confirmed',
      height: 1,
      blockHash: tip.hash,
      confirmations: 1,
    });
    expect(chain.recentBlock(1)!.transfers.map((t) => t.txid)).toEqual([txid]);
    expect(chain.balance(to, 'LTC')).toBe(150_000_000n);
    mine(2);
    expect(chain.status(txid)).toMatchObject({ confirmations: 3 });
    expect(chain.status('f'.repeat(64))).toEqual({ state: 'unknown' });
  });

  it('keys EVM accounts on the EIP-55 spelling whatever case the deposit used', () => {
    const { chain, deposit, mine } = setup('ETH');
    const to = key('ETH', 2).address;
    deposit('ETH', to.toLowerCase(), '1');
    mine();
    expect(chain.balance(to, 'ETH')).toBe(units('ETH', '1'));
    expect(chain.recentBlock(1)!.transfers[0].to).toBe(to);
  });

  it('hides Monero senders', () => {
    const { chain, deposit } = setup('XMR');
    deposit('XMR', key('XMR', 1).address, '0.5');
    expect(chain.mempool()[0].from).toEqual([]);
  });
});

describe('DevnetChain: signed transactions, fees and nonces', () => {
  it('moves value from the hot wallet and charges the sender the native fee', () => {
    const { chain, hot, submit, mine } = setup('ETH');
    const to = key('ETH', 9).address;
    const before = chain.balance(hot.address, 'ETH');
    const { txid, known } = submit(signTx(hot, { to, currency: 'ETH', amount: units('ETH', '2'), nonce: 0 }));

    expect(known).toBe(false);
    expect(chain.nextNonce(hot.address)).toBe(1);
    mine();
    expect(chain.status(txid)).toMatchObject({ state: 'confirmed', confirmations: 1 });
    expect(chain.balance(to, 'ETH')).toBe(units('ETH', '2'));
    expect(chain.balance(hot.address, 'ETH')).toBe(before - units('ETH', '2') - ETH_FEE);
    expect(chain.recentBlock(1)!.transfers).toEqual([
      { txid, index: 0, currency: 'ETH', to, amount: units('ETH', '2'), from: [hot.address] },
    ]);
  });

  it('charges a token transfer its (higher) fee in the native coin', () => {
    const { chain, hot, submit, mine } = setup('TRX');
    const to = key('TRX', 3).address;
    const coins = chain.balance(hot.address, 'TRX');
    const tokens = chain.balance(hot.address, 'USDTTRC');
    submit(signTx(hot, { to, currency: 'USDTTRC', amount: 25_000_000n, nonce: 0 }));
    mine();
    expect(chain.balance(to, 'USDTTRC')).toBe(25_000_000n);
    expect(chain.balance(hot.address, 'USDTTRC')).toBe(tokens - 25_000_000n);
    expect(chain.balance(hot.address, 'TRX')).toBe(coins - TRANSFER_FEES.USDTTRC);
    expect(TRANSFER_FEES.USDTTRC).toBeGreaterThan(TRANSFER_FEES.TRX);
  });

  it('takes the same transaction twice as one, and refuses another with a used nonce (double spend)', () => {
    const { chain, hot, submit, mine } = setup('AVAX');
    const payout = signTx(hot, { to: key('AVAX', 1).address, currency: 'AVAX', amount: 1n, nonce: 0 });
    const first = submit(payout);
    expect(submit(payout)).toEqual({ txid: first.txid, known: true });
    expect(chain.mempool()).toHaveLength(1);

    const rival = signTx(hot, { to: key('AVAX', 2).address, currency: 'AVAX', amount: 1n, nonce: 0 });
    expect(() => submit(rival)).toThrow(new TxRefused('nonce 0 is already used (double spend)'));
    const gap = signTx(hot, { to: key('AVAX', 2).address, currency: 'AVAX', amount: 1n, nonce: 2 });
    expect(() => submit(gap)).toThrow(/ahead of the account's next nonce 1/);

    mine();
    expect(submit(payout)).toEqual({ txid: first.txid, known: true });
    expect(() => submit(rival)).toThrow(/already used/);
    expect(chain.nextNonce(hot.address)).toBe(1);
  });

  it('refuses bad signatures, foreign keys, bad addresses, foreign currencies and low fees', () => {
    const { hot, submit } = setup('BTC');
    const to = key('BTC', 1).address;
    const good = signTx(hot, { to, currency: 'BTC', amount: 1000n, nonce: 0 });
    const forged = { ...good.tx, signature: good.tx.signature.map((b, i) => (i === 10 ? b ^ 1 : b)) };
    expect(() => submit({ tx: forged, raw: '' })).toThrow(new TxRefused('bad signature'));

    const thief = key('BTC', 7);
    const stolen = signTx(
      { ...thief, address: hot.address },
      { to, currency: 'BTC', amount: 1000n, nonce: 0 },
    );
    expect(() => submit(stolen)).toThrow(/does not control the sender/);

    const testnet = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
    expect(() => submit(signTx(hot, { to: testnet, currency: 'BTC', amount: 1n, nonce: 0 }))).toThrow(
      /invalid recipient/,
    );
    expect(() => submit(signTx(hot, { to, currency: 'ETH', amount: 1n, nonce: 0 }))).toThrow(
      /ETH is not a currency of BTC/,
    );
    expect(() => submit(signTx(hot, { to, currency: 'BTC', amount: 1n, nonce: 0, fee: 1n }))).toThrow(
      /below the network fee/,
    );
    expect(() => submit(signTx(hot, { to, currency: 'BTC', amount: 0n, nonce: 0 }))).toThrow(/positive/);
  });

  it('signs from Monero subaddresses and Solana children', () => {
    for (const network of ['XMR', 'SOL'] as const) {
      const { chain, deposit, mine, submit } = setup(network);
      const child = key(network, 4);
      deposit(network, child.address, '2');
      mine();
      const { txid } = submit(
        signTx(child, { to: key(network, 0).address, currency: network, amount: 1n, nonce: 0 }),
      );
      mine();
      expect(chain.status(txid)).toMatchObject({ state: 'confirmed' });
    }
  });

  it('lets no address send tokens without the native coin for the fee (gas top-up first)', () => {
    const { chain, deposit, mine, submit } = setup('ETH');
    const holder = key('ETH', 4);
    deposit('USDTERC', holder.address, '100');
    mine();
    const sweep = signTx(holder, {
      to: key('ETH', 0).address,
      currency: 'USDTERC',
      amount: 100_000_000n,
      nonce: 0,
    });
    expect(() => submit(sweep)).toThrow(/insufficient funds: the ETH balance does not cover/);

    deposit('ETH', holder.address, '0.001'); // less than the token fee
    mine();
    expect(() => submit(sweep)).toThrow(/insufficient funds/);
    deposit('ETH', holder.address, '0.001');
    mine();
    expect(submit(sweep).known).toBe(false);
    mine();
    expect(chain.balance(holder.address, 'USDTERC')).toBe(0n);
    expect(chain.balance(holder.address, 'ETH')).toBe(units('ETH', '0.002') - TRANSFER_FEES.USDTERC);
  });

  it('counts what queued transactions already spend', () => {
    const { chain, deposit, mine, submit } = setup('SOL');
    const payer = key('SOL', 2);
    deposit('SOL', payer.address, '1');
    mine();
    const to = key('SOL', 3).address;
    submit(signTx(payer, { to, currency: 'SOL', amount: units('SOL', '0.6'), nonce: 0 }));
    const second = signTx(payer, { to, currency: 'SOL', amount: units('SOL', '0.6'), nonce: 1 });
    expect(() => submit(second)).toThrow(/insufficient funds/);
    expect(chain.nextNonce(payer.address)).toBe(1);
  });
});

describe('DevnetChain: failures on-chain', () => {
  it('fails payouts of a currency from the hot wallet while fail-payouts is on: fee taken, value kept', () => {
    const { chain, hot, submit, mine, deposit } = setup('ETH');
    const to = key('ETH', 8).address;
    const coins = chain.balance(hot.address, 'ETH');
    const { txid } = submit(signTx(hot, { to, currency: 'ETH', amount: 5n, nonce: 0 }));
    const other = key('ETH', 6);
    deposit('ETH', other.address, '1');
    mine(1, new Set(['ETH']));
    const { txid: notHot } = submit(signTx(other, { to, currency: 'ETH', amount: 7n, nonce: 0 }));
    mine(1, new Set(['ETH']));

    expect(chain.status(txid)).toMatchObject({
      state: 'failed',
      height: 1,
      confirmations: 2,
      reason: 'payouts of ETH are set to fail (devnet fail-payouts)',
    });
    expect(chain.balance(hot.address, 'ETH')).toBe(coins - ETH_FEE);
    expect(chain.nextNonce(hot.address)).toBe(1);
    expect(chain.recentBlock(1)!.transfers.map((t) => t.txid)).not.toContain(txid);
    expect(chain.status(notHot)).toMatchObject({ state: 'confirmed' });
    expect(chain.balance(to, 'ETH')).toBe(7n);

    const again = submit(signTx(hot, { to, currency: 'ETH', amount: 5n, nonce: 1 }));
    mine(1, new Set(['USDTERC']));
    expect(chain.status(again.txid)).toMatchObject({ state: 'confirmed' });
  });

  it('fails a transaction whose funds a reorganisation took away before it was mined', () => {
    const { chain, deposit, mine, submit, run } = setup('ETH');
    const payer = key('ETH', 3);
    deposit('ETH', payer.address, '1');
    mine();
    const late = deposit('ETH', payer.address, '1');
    mine();
    const spend = submit(
      signTx(payer, { to: key('ETH', 4).address, currency: 'ETH', amount: units('ETH', '1.5'), nonce: 0 }),
    );
    run(chain.reorg(1, [late], NONE));
    mine();

    expect(chain.status(late)).toEqual({ state: 'unknown' });
    expect(chain.status(spend.txid)).toMatchObject({ state: 'failed', reason: 'insufficient ETH balance' });
    expect(chain.balance(payer.address, 'ETH')).toBe(units('ETH', '1') - ETH_FEE);
  });
});

describe('DevnetChain: reorganisations', () => {
  it('replaces the top blocks by one more, keeping their transactions at new hashes, minus the dropped', () => {
    const { chain, deposit, mine, run } = setup('BTC');
    const to = key('BTC', 1).address;
    const kept = deposit('BTC', to, '1');
    mine();
    const lost = deposit('BTC', to, '2');
    mine();
    const old = [chain.recentBlock(1)!, chain.recentBlock(2)!];

    const tip = run(chain.reorg(2, [lost], NONE));

    expect(tip.height).toBe(3);
    const fresh = [chain.recentBlock(1)!, chain.recentBlock(2)!, chain.recentBlock(3)!];
    expect(fresh[0].hash).not.toBe(old[0].hash);
    expect(fresh[0].parentHash).toBe(chain.recentBlock(0)!.hash);
    expect(fresh[1].parentHash).toBe(fresh[0].hash);
    expect(fresh[1].hash).not.toBe(old[1].hash);
    expect(fresh[0].transfers.map((t) => t.txid)).toEqual([kept]);
    expect(fresh[1].transfers).toEqual([]);
    expect(chain.status(kept)).toMatchObject({
      state: 'confirmed',
      height: 1,
      blockHash: fresh[0].hash,
      confirmations: 3,
    });
    expect(chain.status(lost)).toEqual({ state: 'unknown' });
    expect(chain.balance(to, 'BTC')).toBe(100_000_000n);
  });

  it('evicts dropped transactions from the mempool at depth 0, with the sender transactions that followed', () => {
    const { chain, hot, submit, deposit, run } = setup('TRX');
    const to = key('TRX', 1).address;
    const gift = deposit('TRX', to, '10');
    const first = submit(signTx(hot, { to, currency: 'TRX', amount: 1n, nonce: 0 }));
    const second = submit(signTx(hot, { to, currency: 'TRX', amount: 2n, nonce: 1 }));

    const tip = run(chain.reorg(0, [first.txid], NONE));

    expect(tip.height).toBe(0);
    expect(chain.mempool().map((t) => t.txid)).toEqual([gift]);
    expect(chain.status(second.txid)).toEqual({ state: 'unknown' });
    expect(chain.nextNonce(hot.address)).toBe(0);
    // The same bytes may come back: the nonce is free again.
    expect(submit(signTx(hot, { to, currency: 'TRX', amount: 1n, nonce: 0 })).txid).toBe(first.txid);
  });

  it('refuses a reorg deeper than the chain or one that drops an unknown transaction', () => {
    const { chain, mine } = setup('SOL');
    mine(2);
    expect(() => chain.reorg(3, [], NONE)).toThrow(DevnetError);
    expect(() => chain.reorg(1, ['ab'.repeat(32)], NONE)).toThrow(/is not in the top 1 blocks/);
    expect(chain.tip().height).toBe(2);
  });
});

describe('DevnetChain: the wallet of BTC, LTC and XMR', () => {
  it('lets the hot wallet spend what the addresses it holds received, and only those', () => {
    const { chain, hot, deposit, mine, submit } = setup('BTC');
    const funded = units('BTC', DEFAULT_FUNDING.BTC);
    const [held, outside] = [key('BTC', 1).address, key('BTC', 2).address];
    deposit('BTC', held, '30');
    deposit('BTC', outside, '40');
    mine();
    expect(chain.balance(hot.address, 'BTC')).toBe(funded);

    chain.joinWallet([held]);
    expect(chain.walletSize).toBe(2);
    // The wallet's coins are one balance, whichever of its addresses is asked.
    expect(chain.balance(hot.address, 'BTC')).toBe(funded + units('BTC', '30'));
    expect(chain.balance(held, 'BTC')).toBe(funded + units('BTC', '30'));
    expect(chain.balance(outside, 'BTC')).toBe(units('BTC', '40'));

    const to = key('BTC', 9).address;
    const tooMuch = units('BTC', '30') + funded;
    expect(() => submit(signTx(hot, { to, currency: 'BTC', amount: tooMuch, nonce: 0 }))).toThrow(
      /insufficient funds/,
    );
    const amount = funded + units('BTC', '10');
    const { txid } = submit(signTx(hot, { to, currency: 'BTC', amount, nonce: 0 }));
    mine();
    expect(chain.status(txid)).toMatchObject({ state: 'confirmed' });
    expect(chain.balance(hot.address, 'BTC')).toBe(units('BTC', '20') - TRANSFER_FEES.BTC);
    expect(chain.balance(to, 'BTC')).toBe(amount);
  });

  it("counts every queued spend of the wallet's addresses against its coins", () => {
    const { chain, hot, deposit, mine, submit } = setup('LTC');
    const held = key('LTC', 1);
    deposit('LTC', held.address, '1');
    mine();
    chain.joinWallet([held.address]);
    const to = key('LTC', 9).address;
    const all = chain.balance(hot.address, 'LTC');
    submit(signTx(held, { to, currency: 'LTC', amount: units('LTC', '0.5'), nonce: 0 }));
    const rest = all - units('LTC', '0.5') - TRANSFER_FEES.LTC;
    expect(() =>
      submit(signTx(hot, { to, currency: 'LTC', amount: rest - TRANSFER_FEES.LTC + 1n, nonce: 0 })),
    ).toThrow(/insufficient funds/);
    submit(signTx(hot, { to, currency: 'LTC', amount: rest - TRANSFER_FEES.LTC, nonce: 0 }));
    mine();
    expect(chain.balance(hot.address, 'LTC')).toBe(0n);
  });

  it('takes a reorganised deposit out of the wallet, and fails a spend it no longer covers', () => {
    const { chain, hot, deposit, mine, submit, run } = setup('XMR');
    const held = key('XMR', 1).address;
    chain.joinWallet([held]);
    const funded = chain.balance(hot.address, 'XMR');
    const late = deposit('XMR', held, '5');
    mine();
    const spend = submit(
      signTx(hot, { to: key('XMR', 7).address, currency: 'XMR', amount: funded + 1n, nonce: 0 }),
    );
    run(chain.reorg(1, [late], NONE));
    mine();

    expect(chain.status(spend.txid)).toMatchObject({ state: 'failed', reason: 'insufficient XMR balance' });
    expect(chain.balance(held, 'XMR')).toBe(funded - TRANSFER_FEES.XMR);
  });

  it('keeps a wallet on those networks only', () => {
    expect(setup('BTC').chain.walletSize).toBe(1);
    expect(setup('XMR').chain.walletSize).toBe(1);
    expect(setup('ETH').chain.walletSize).toBe(0);
    expect(setup('SOL').chain.walletSize).toBe(0);
  });
});

describe('DevnetChain: restore', () => {
  it('rebuilds balances, nonces, mempool, statuses and blocks from what it persisted', () => {
    const { chain, store, params, hot, deposit, mine, submit, run } = setup('ETH');
    const to = key('ETH', 5).address;
    const paid = submit(signTx(hot, { to, currency: 'USDTERC', amount: 5n, nonce: 0 }));
    const lost = deposit('ETH', to, '3');
    mine(2);
    run(chain.reorg(2, [lost], NONE));
    const failed = submit(signTx(hot, { to, currency: 'ETH', amount: 5n, nonce: 1 }));
    mine(1, new Set(['ETH']));
    const queued = deposit('ETH', to, '1');

    const restored = store.restore(params);

    expect(restored.tip()).toEqual(chain.tip());
    for (const height of [0, 1, 2, 3, 4])
      expect(restored.recentBlock(height)).toEqual(chain.recentBlock(height));
    for (const txid of [paid.txid, lost, failed.txid, queued])
      expect(restored.status(txid)).toEqual(chain.status(txid));
    expect(restored.mempool()).toEqual(chain.mempool());
    for (const currency of ['ETH', 'USDTERC'] as const) {
      expect(restored.balance(hot.address, currency)).toBe(chain.balance(hot.address, currency));
      expect(restored.balance(to, currency)).toBe(chain.balance(to, currency));
    }
    expect(restored.nextNonce(hot.address)).toBe(2);
    const next = signTx(hot, { to, currency: 'ETH', amount: 1n, nonce: 2 });
    expect(restored.submit(next.tx, next.raw).result.known).toBe(false);
  });
});
