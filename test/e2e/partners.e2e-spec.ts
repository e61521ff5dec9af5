import { treasuryLedger } from '@swap/contracts';
import { CURRENCIES, fromUnits } from '@swap/domain';
import { signedFetch, Stack, type TestKey } from '@swap/stack';
import { ADDRESSES, SwapDriver } from './support/swap-driver';

/** ETH base units as the API writes them. */
const inEth = (units: bigint) => fromUnits(units, CURRENCIES.ETH.chainDecimals, CURRENCIES.ETH.precision);

describe('partners (D19): agreements and referral codes, as an operator sets them and an integrator sees them', () => {
  let stack: Stack;
  let driver: SwapDriver;
  let partner: TestKey;

  beforeAll(async () => {
    stack = await Stack.start({ chains: { networks: ['BTC', 'ETH'] } });
    driver = new SwapDriver(stack, stack.client(await stack.createKey()));
    partner = await driver.swapctl('keys', 'create', '--label', 'partner', '--fee-share', '30');
    await stack.pricesReady(partner);
  });
  afterAll(() => stack?.stop());

  const post = (path: string, body: object) =>
    signedFetch(stack.apiUrl, partner, { path, body: JSON.stringify(body) });

  it('quotes the plain service fee: fee.partnerPercent 0 and fee.percent unchanged', async () => {
    const shown = await driver.swapctl('keys', 'show', partner.key);
    expect(shown).toMatchObject({ key: partner.key, partnerPercent: '0', feeShare: '30' });

    const quote = await stack.client(partner).price({ from: 'BTC', to: 'ETH', amount: '0.01' });
    expect(quote.fee).toMatchObject({ percent: 0.25, partnerPercent: 0 });
  });

  it('books 30 % of the service fee to the partner, and /swap/stats says what the ledger booked', async () => {
    const since = Math.floor(Date.now() / 1000);
    const api = stack.client(partner);
    const created = await api.create({ from: 'BTC', to: 'ETH', amount: '0.01', toAddress: ADDRESSES.ETH });
    expect(created.fee).toMatchObject({ percent: 0.25, partnerPercent: 0 });
    // Changing the agreement now changes new swaps only: this one keeps its fee share.
    const set = await driver.swapctl('keys', 'set', partner.key, '--partner-percent', '0.1');
    expect(set).toMatchObject({
      info: { partnerPercent: '0.1', feeShare: '0' },
      before: { partnerPercent: '0', feeShare: '30' },
    });
    await driver.payToDone(created, api);
    const until = Math.floor(Date.now() / 1000) + 1;

    const { entries } = await stack.call(treasuryLedger, { swapId: created.id });
    const credited = (account: string) =>
      entries
        .filter((entry) => entry.account === account && BigInt(entry.amount) < 0n)
        .reduce((sum, entry) => sum - BigInt(entry.amount), 0n);
    const partnerFee = credited(`fees:partner:${partner.key}`);
    const fee = partnerFee + credited('fees:service');
    expect(fee).toBeGreaterThan(0n);
    expect(partnerFee).toBe((fee * 30n) / 100n); // rounded down for the partner

    const stats = await post('/swap/stats', { since, until });
    expect(stats.status).toBe(200);
    expect((stats.json.data as { pairs: unknown[] }).pairs).toEqual([
      expect.objectContaining({ from: 'BTC', to: 'ETH', partnerFee: inEth(partnerFee) }),
    ]);

    // The next swap has the volume share now set.
    const quote = await api.price({ from: 'BTC', to: 'ETH', amount: '0.01' });
    expect(quote.fee).toMatchObject({ percent: 0.35, partnerPercent: 0.1 });
  });
  it('issues, lists and revokes referral codes with swapctl, each a link to the service page', async () => {
    const first = await driver.swapctl('keys', 'referral', partner.key);
    const second = await driver.swapctl('keys', 'referral', partner.key);
    const publicUrl = stack.apiUrl.replace(/\/v1$/, '');
    for (const issued of [first, second]) {
      expect(Object.keys(issued)).toEqual(['key', 'code', 'url']);
      expect(issued).toEqual({
        key: partner.key,
        code: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
        url: `${publicUrl}/swap/new?ref=${issued.code}`,
      });
    }

    const revoked = await driver.swapctl('keys', 'referral', partner.key, '--revoke', first.code);
    expect(revoked).toMatchObject({ code: first.code, revokedAt: expect.any(Number) });
    const codes = await driver.swapctl('keys', 'referral', partner.key, '--list');
    expect(codes).toEqual([
      { ...first, createdAt: expect.any(Number), revokedAt: revoked.revokedAt },
      { ...second, createdAt: expect.any(Number), revokedAt: null },
    ]);
    await expect(driver.swapctl('keys', 'referral', 'ak_nobody')).rejects.toThrow(/No API key ak_nobody/);
  });
});
