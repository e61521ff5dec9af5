import { SwapErrors, type SwapOrderView } from '@swap/domain';
import { recordingLogger } from '@swap/domain/testing';
import { IpRateLimiter } from '../status-page/ip-rate-limiter';
import { ClientHash } from './client-hash';
import { FormStamps } from './form-stamp';
import { parseNewSwapForm } from './new-swap.form';
import type { ReferredCreate } from '../../referrals/create-referred-swap.use-case';
import type { ReferralSwaps } from './referral-swaps.port';
import { type PageSwapLog, StartSwap } from './start-swap.use-case';

/** The referral creates as the page sees them: the API's refusals, or a swap with its status page. */
class FakeReferralSwaps implements Pick<ReferralSwaps, 'execute'> {
  readonly created: Array<{ ref: string | undefined; body: object }> = [];
  readonly requestIds = new Set<string>();

  async execute({ ref, body, requestId }: ReferredCreate): Promise<SwapOrderView> {
    if (body['toAddress'] === 'bad') throw SwapErrors.invalidToAddress('ETH');
    this.requestIds.add(requestId);
    this.created.push({ ref, body });
    const id = `SW${String(this.created.length).padStart(8, '0')}`;
    return { id, url: `https://swap.example/swap/${id}?token=t` } as SwapOrderView;
  }
}

/** PageSwapRepository's behaviour in memory: every recorded swap counts as still NEW. */
class InMemoryPageSwaps implements PageSwapLog {
  readonly rows: Array<{ swapId: string; client: string }> = [];

  async record(swapId: string, client: string): Promise<void> {
    this.rows.push({ swapId, client });
  }

  async countOpen(client: string): Promise<number> {
    return this.rows.filter((row) => row.client === client).length;
  }
}

describe('creating a swap from the page (POST /swap/new)', () => {
  const secret = Buffer.from('p'.repeat(32));
  let now: number;
  let swaps: FakeReferralSwaps;
  let log: InMemoryPageSwaps;
  let start: StartSwap;
  let stamp: string;
  const form = (fields: string) => parseNewSwapForm(`${fields}&stamp=${encodeURIComponent(stamp)}`);
  const VALID = 'from=LTC&to=ETH&amount=1.5&toAddress=0xabc&ref=CODE1';

  beforeEach(() => {
    now = 1_000_000;
    swaps = new FakeReferralSwaps();
    log = new InMemoryPageSwaps();
    const stamps = new FormStamps(secret, () => now);
    start = new StartSwap({
      swaps,
      stamps,
      creates: new IpRateLimiter(2, () => now, 60_000),
      log,
      clients: new ClientHash(secret),
      limits: { openSwaps: 3, openWithinSeconds: 7200 },
      logger: recordingLogger(),
    });
    stamp = stamps.issue();
    now += 5000;
  });

  it('creates for the referral code with the form’s fields, and records the client’s hash, never its IP', async () => {
    const outcome = await start.execute(form(VALID), '203.0.113.7');
    expect(outcome).toEqual({ created: expect.objectContaining({ id: 'SW00000001' }) });
    expect(swaps.created).toEqual([
      { ref: 'CODE1', body: { from: 'LTC', to: 'ETH', amount: '1.5', toAddress: '0xabc' } },
    ]);
    expect(log.rows).toEqual([{ swapId: 'SW00000001', client: new ClientHash(secret).of('203.0.113.7') }]);
    expect(JSON.stringify(log.rows)).not.toContain('203.0.113');
  });

  it("gives back the API's own message for a bad field, status 400", async () => {
    expect(await start.execute(form('from=LTC&to=ETH&amount=1&toAddress=bad'), '203.0.113.7')).toEqual({
      refused: SwapErrors.invalidToAddress('ETH').message,
      status: 400,
    });
    expect(log.rows).toEqual([]);
  });

  it('refuses a form without a valid stamp, or sent too fast, before anything is created', async () => {
    const unstamped = await start.execute(parseNewSwapForm(VALID), '203.0.113.7');
    expect(unstamped).toMatchObject({
      status: 400,
      refused: expect.stringMatching(/not sent from the swap page/),
    });
    now -= 4000; // one second after the page was served
    expect(await start.execute(form(VALID), '203.0.113.7')).toMatchObject({ status: 400 });
    expect(swaps.created).toEqual([]);
  });

  it('limits creates per client per minute (429 with Retry-After), other clients unaffected', async () => {
    await start.execute(form(VALID), '203.0.113.7');
    await start.execute(form(VALID), '203.0.113.7');
    expect(await start.execute(form(VALID), '203.0.113.7')).toEqual({
      refused: 'Too many swaps created from your network. Please wait 30 s and try again.',
      status: 429,
      retryAfter: 30,
    });
    expect(await start.execute(form(VALID), '198.51.100.1')).toHaveProperty('created');
    expect(swaps.requestIds.size).toBe(3); // each submission its own request id: its own swap
  });

  it('limits the swaps one client has waiting for a deposit', async () => {
    for (const n of [1, 2, 3]) {
      now += 60_000;
      expect(await start.execute(form(VALID), `2001:db8:1:2::${n}`)).toHaveProperty('created');
    }
    now += 60_000;
    const outcome = await start.execute(form(VALID), '2001:db8:1:2::99'); // the same /64
    expect(outcome).toMatchObject({
      status: 429,
      refused: expect.stringMatching(/already have 3 swaps waiting/),
    });
    expect(outcome).not.toHaveProperty('retryAfter');
    expect(swaps.created).toHaveLength(3);
  });
});
