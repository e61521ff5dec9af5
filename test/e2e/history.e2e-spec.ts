import { treasuryLedger } from '@swap/contracts';
import { CURRENCIES, CURRENCY_CODES, fromUnits } from '@swap/domain';
import { INVALID_ADDRESSES } from '@swap/domain/testing';
import type { SwapClient, SwapOrder } from '@swap/sdk';
import { signedFetch, Stack, type RawAnswer, type TestKey } from '@swap/stack';
import { ADDRESSES, SwapDriver } from './support/swap-driver';

const INVALID = INVALID_ADDRESSES;

interface SwapPage {
  items: SwapOrder[];
  next: string | null;
}

describe('order history, address validation and statistics, as an integrator uses them', () => {
  let stack: Stack;
  let me: TestKey;
  let other: TestKey;
  let api: SwapClient;
  let driver: SwapDriver;

  beforeAll(async () => {
    stack = await Stack.start({ chains: { networks: ['BTC', 'ETH'] } });
    me = await stack.createKey({ dryrunEnabled: true, partnerPercent: '0.1' });
    other = await stack.createKey({ dryrunEnabled: true });
    api = stack.client(me);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(me);
  });
  afterAll(() => stack?.stop());

  /** A signed POST the SDK has no method for (yet): the envelope as it came. */
  const post = (key: TestKey, path: string, body: object): Promise<RawAnswer> =>
    signedFetch(stack.apiUrl, key, { path, body: JSON.stringify(body) });

  async function page(key: TestKey, body: object): Promise<SwapPage> {
    const answer = await post(key, '/swap/list', body);
    expect({ status: answer.status, msg: answer.json.msg }).toEqual({ status: 200, msg: '' });
    return answer.json.data as SwapPage;
  }

  /** Every page of a listing, through `next`. */
  async function everyPage(key: TestKey, body: object): Promise<SwapPage[]> {
    const pages = [await page(key, body)];
    for (let next = pages[0].next; next !== null; next = pages[pages.length - 1].next) {
      pages.push(await page(key, { ...body, cursor: next }));
    }
    return pages;
  }

  describe('/swap/list (D14)', () => {
    const mine: SwapOrder[] = [];
    const theirs: string[] = [];
    let secondHalf = 0;

    beforeAll(async () => {
      const dryRun = (client: SwapClient, i: number) =>
        client.create({
          from: i % 2 === 0 ? 'BTC' : 'LTC',
          to: 'ETH',
          amount: i % 2 === 0 ? '0.01' : '1',
          toAddress: ADDRESSES.ETH,
          dryrun: true,
        });
      for (let i = 0; i < 23; i++) {
        // Two halves a second apart, to filter by time.
        if (i === 12) {
          await new Promise((resolve) => setTimeout(resolve, 1100));
          secondHalf = Math.floor(Date.now() / 1000);
        }
        const created = await dryRun(api, i);
        for (let step = 0; step < i % 4; step++) await api.advance(created.id);
        mine.push(await api.status(created.id));
      }
      for (let i = 0; i < 3; i++) theirs.push((await dryRun(stack.client(other), i)).id);
    });

    it("pages through every one of the key's swaps once, newest first, and only its own", async () => {
      const pages = await everyPage(me, { limit: 5 });
      expect(pages.map((p) => p.items.length)).toEqual([5, 5, 5, 5, 3]);
      const ids = pages.flatMap((p) => p.items.map((item) => item.id));
      expect([...ids].sort()).toEqual(mine.map((swap) => swap.id).sort());
      const regs = pages.flatMap((p) => p.items.map((item) => item.time.reg));
      expect(regs).toEqual([...regs].sort((a, b) => b - a));
      expect(ids.some((id) => theirs.includes(id))).toBe(false);
      // The other key sees its own three, and nothing of ours.
      const their = (await everyPage(other, {})).flatMap((p) => p.items.map((item) => item.id));
      expect(their.sort()).toEqual([...theirs].sort());
    });

    it('renders each swap exactly as /swap/status does', async () => {
      const { items } = await page(me, { limit: 100 });
      for (const item of items) expect(item).toEqual(await api.status(item.id));
    });

    it('filters by one status or several, and by creation time', async () => {
      const ids = (pages: SwapPage[]) => pages.flatMap((p) => p.items.map((item) => item.id)).sort();
      const expected = (match: (swap: SwapOrder) => boolean) =>
        mine
          .filter(match)
          .map((swap) => swap.id)
          .sort();
      expect(ids(await everyPage(me, { status: 'PENDING', limit: 2 }))).toEqual(
        expected((swap) => swap.status === 'PENDING'),
      );
      expect(ids(await everyPage(me, { status: ['NEW', 'EXCHANGING'], limit: 3 }))).toEqual(
        expected((swap) => ['NEW', 'EXCHANGING'].includes(swap.status)),
      );
      expect(ids(await everyPage(me, { since: secondHalf, limit: 4 }))).toEqual(
        expected((swap) => swap.time.reg >= secondHalf),
      );
      expect(ids(await everyPage(me, { until: secondHalf, status: ['CONFIRMING'] }))).toEqual(
        expected((swap) => swap.time.reg < secondHalf && swap.status === 'CONFIRMING'),
      );
      expect(await page(me, { since: secondHalf, until: secondHalf })).toEqual({ items: [], next: null });
    });

    it('refuses a bad filter, and a cursor edited, of another filter or of another key', async () => {
      const { next } = await page(me, { status: 'NEW', limit: 1 });
      const cursor = next as string;
      const edited = `${cursor.slice(0, 3)}${cursor[3] === 'A' ? 'B' : 'A'}${cursor.slice(4)}`;
      const refusals: Array<[TestKey, object, string]> = [
        [me, { status: 'LOST' }, 'Invalid status "LOST"'],
        [me, { since: 20, until: 10 }, 'Invalid time range: since is after until'],
        [me, { limit: 101 }, 'Field limit must be at most 100'],
        [me, { status: 'NEW', cursor: edited }, 'Invalid cursor: pass the next value of a previous page'],
        [me, { status: 'DONE', cursor }, 'Invalid cursor: pass the next value of a previous page'],
        [other, { status: 'NEW', cursor }, 'Invalid cursor: pass the next value of a previous page'],
      ];
      for (const [key, body, msg] of refusals) {
        const answer = await post(key, '/swap/list', body);
        expect({ body, status: answer.status, json: answer.json }).toEqual({
          body,
          status: 400,
          json: { code: 1, msg, data: null },
        });
      }
    });
  });

  describe('/swap/validate-address (D15)', () => {
    it.each(CURRENCY_CODES)('%s: valid and invalid addresses, as create judges them', async (code) => {
      const valid = await post(me, '/swap/validate-address', { code, address: ADDRESSES[code] });
      expect(valid.json).toEqual({ code: 0, msg: '', data: { valid: true, reason: null } });

      const invalid = await post(me, '/swap/validate-address', { code, address: INVALID[code] });
      expect(invalid.status).toBe(200);
      expect(invalid.json.data).toEqual({
        valid: false,
        reason: expect.stringMatching(/^Not a valid .+\.$/),
      });
      // Create refuses the same address as a destination.
      const from = code === 'BTC' ? 'ETH' : 'BTC';
      const create = await post(me, '/swap/create', {
        from,
        to: code,
        amount: from === 'BTC' ? '0.01' : '1',
        toAddress: INVALID[code],
        dryrun: true,
      });
      expect({ status: create.status, msg: create.json.msg }).toEqual({
        status: 400,
        msg: expect.stringContaining('Invalid toAddress'),
      });
    });

    it('answers 400 for an unknown currency', async () => {
      const answer = await post(me, '/swap/validate-address', {
        code: 'DOGE',
        address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
      });
      expect({ status: answer.status, json: answer.json }).toEqual({
        status: 400,
        json: { code: 1, msg: 'Unknown currency code "DOGE"', data: null },
      });
    });
  });

  describe('/swap/stats', () => {
    it('sums the real swaps per pair, with the partner share the ledger booked', async () => {
      const since = Math.floor(Date.now() / 1000);
      await api.create({ from: 'BTC', to: 'ETH', amount: '0.01', toAddress: ADDRESSES.ETH, dryrun: true });
      const created = await api.create({ from: 'BTC', to: 'ETH', amount: '0.01', toAddress: ADDRESSES.ETH });
      const done = await driver.payToDone(created);
      const until = Math.floor(Date.now() / 1000) + 1;

      // The books, independently: what each account was credited (credits are negative).
      const ledger = await stack.call(treasuryLedger, { swapId: created.id });
      const credited = (account: string) =>
        ledger.entries
          .filter((entry) => entry.account === account && BigInt(entry.amount) < 0n)
          .reduce((sum, entry) => sum - BigInt(entry.amount), 0n);
      const inBtc = (units: bigint) =>
        fromUnits(units, CURRENCIES.BTC.chainDecimals, CURRENCIES.BTC.precision);
      const inEth = (units: bigint) =>
        fromUnits(units, CURRENCIES.ETH.chainDecimals, CURRENCIES.ETH.precision);
      const partnerFee = credited(`fees:partner:${me.key}`);
      expect(partnerFee).toBeGreaterThan(0n);

      const answer = await post(me, '/swap/stats', { since, until });
      expect(answer.status).toBe(200);
      // The dry runs created meanwhile move no money: only the real swap counts.
      expect(answer.json.data).toEqual({
        since,
        until,
        pairs: [
          {
            from: 'BTC',
            to: 'ETH',
            swaps: { total: 1, done: 1, refunded: 0, expired: 0, failed: 0, inProgress: 0 },
            sent: inBtc(credited(`deposits:${created.id}`)),
            received: inEth(credited(`payouts:${created.id}`)),
            partnerFee: inEth(partnerFee),
          },
        ],
      });
      // …and as the order shows it.
      expect(done.from.amountDeposited).toBe('0.01000000');
      expect(inEth(credited(`payouts:${created.id}`))).toBe(done.to.amount);

      // Another key's statistics of the same time hold nothing of ours.
      expect((await post(other, '/swap/stats', { since, until })).json.data).toEqual({
        since,
        until,
        pairs: [],
      });
    });

    it('refuses a range backwards or longer than 366 days', async () => {
      for (const [body, msg] of [
        [{ since: 100, until: 50 }, 'Invalid time range: since is after until'],
        [{ since: 0, until: 367 * 86_400 }, 'Invalid time range: at most 366 days at a time'],
        [{ since: 0 }, 'Missing required field: until'],
      ] as const) {
        const answer = await post(me, '/swap/stats', body);
        expect({ status: answer.status, msg: answer.json.msg }).toEqual({ status: 400, msg });
      }
    });
  });
});
