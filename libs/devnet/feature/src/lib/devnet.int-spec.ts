import { key, signTx, units } from '../test/chain-fixtures';
import { DevnetHarness, HOT_WALLETS } from '../test/devnet-harness';
import { DevnetError } from './devnet-error';
import { DEFAULT_FUNDING, RECENT_BLOCKS, TRANSFER_FEES } from './devnet-params';

describe('Devnet service: persistence', () => {
  let harness: DevnetHarness;

  beforeAll(async () => {
    harness = await DevnetHarness.open();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('comes back after a restart with its chains, mempool, statuses, balances and switches', async () => {
    const { devnet } = harness;
    const to = key('ETH', 3).address;
    const deposited = await devnet.deposit('ETH', to, '2');
    const payout = signTx(key('ETH', 0), { to, currency: 'USDTERC', amount: 9n, nonce: 0 });
    expect(await devnet.submit('ETH', payout.raw)).toEqual({ accepted: true, txid: expect.any(String) });
    await devnet.mine('ETH', 2);
    const lost = await devnet.deposit('ETH', to, '5');
    await devnet.mine('ETH', 1);
    await devnet.reorg('ETH', 1, [lost]);
    await devnet.setFailPayouts('BTC', true);
    const queued = await devnet.deposit('ETH', to, '0.25');
    const before = {
      tip: devnet.tip('ETH'),
      blocks: await Promise.all([0, 1, 2, 3, 4].map((h) => devnet.blockAt('ETH', h))),
      statuses: [deposited, lost, queued].map((txid) => devnet.transaction('ETH', txid)),
      mempool: devnet.mempool('ETH'),
      balances: [devnet.balance('ETH', to, 'ETH'), devnet.balance('ETH', HOT_WALLETS.ETH, 'USDTERC')],
    };

    await harness.restart();

    const after = harness.devnet;
    expect(after).not.toBe(devnet);
    expect(after.tip('ETH')).toEqual(before.tip);
    expect(await Promise.all([0, 1, 2, 3, 4].map((h) => after.blockAt('ETH', h)))).toEqual(before.blocks);
    expect([deposited, lost, queued].map((txid) => after.transaction('ETH', txid))).toEqual(before.statuses);
    expect(after.mempool('ETH')).toEqual(before.mempool);
    expect([after.balance('ETH', to, 'ETH'), after.balance('ETH', HOT_WALLETS.ETH, 'USDTERC')]).toEqual(
      before.balances,
    );
    // The resubmitted payout is already known; the nonce goes on from 1.
    expect(await after.submit('ETH', payout.raw)).toMatchObject({ accepted: true });
    expect(after.account('ETH', HOT_WALLETS.ETH).nextNonce).toBe(1);
    // Genesis funds the hot wallet once, not at every start.
    expect(after.balance('BTC', HOT_WALLETS.BTC, 'BTC')).toBe(units('BTC', DEFAULT_FUNDING.BTC));

    // fail-payouts BTC survived too.
    const btc = signTx(key('BTC', 0), {
      to: key('BTC', 1).address,
      currency: 'BTC',
      amount: 1000n,
      nonce: 0,
    });
    const { txid } = (await after.submit('BTC', btc.raw)) as { txid: string };
    await after.mine('BTC', 1);
    expect(after.transaction('BTC', txid)).toMatchObject({ state: 'failed' });
    expect(after.balance('BTC', HOT_WALLETS.BTC, 'BTC')).toBe(
      units('BTC', DEFAULT_FUNDING.BTC) - TRANSFER_FEES.BTC,
    );
  });

  it('serves blocks older than those it keeps in memory from the database, before and after a restart', async () => {
    const to = key('SOL', 2).address;
    const txid = await harness.devnet.deposit('SOL', to, '1');
    const { height } = await harness.devnet.mine('SOL', 1);
    const block = await harness.devnet.blockAt('SOL', height);
    await harness.devnet.mine('SOL', RECENT_BLOCKS + 10);

    expect(await harness.devnet.blockAt('SOL', height)).toEqual(block);
    expect(block!.transfers.map((t) => t.txid)).toEqual([txid]);
    await harness.restart();
    expect(await harness.devnet.blockAt('SOL', height)).toEqual(block);
    expect(harness.devnet.transaction('SOL', txid)).toMatchObject({
      state: 'confirmed',
      confirmations: RECENT_BLOCKS + 11,
      time: block!.time,
    });
  });

  it('refuses bad requests with DevnetErrors', async () => {
    const { devnet } = harness;
    await expect(devnet.deposit('BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', '1')).rejects.toThrow(
      new DevnetError('INVALID_ADDRESS', 'invalid BTC address for BTC'),
    );
    await expect(devnet.deposit('BTC', HOT_WALLETS.BTC, '0.000000001')).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
    });
    await expect(devnet.deposit('BTC', HOT_WALLETS.BTC, '0')).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
    });
    expect(() => devnet.balance('TRX', HOT_WALLETS.TRX, 'USDTERC')).toThrow(/not a currency of TRX/);
    expect(await devnet.submit('LTC', 'zz')).toEqual({ accepted: false, reason: 'raw is not lowercase hex' });
    const eth = signTx(key('ETH', 0), { to: key('ETH', 1).address, currency: 'ETH', amount: 1n, nonce: 1 });
    expect(await devnet.submit('AVAX', eth.raw)).toEqual({
      accepted: false,
      reason: 'the transaction is for ETH, not AVAX',
    });
  });
});
