import { UnsignableTransfer } from '@swap/chain';
import type { PayoutLimits } from '@swap/treasury-domain';
import {
  DEFAULT_TEST_LIMITS,
  payoutCommand,
  swapAt,
  useHarness,
  type TreasuryProcess,
} from '../../test/treasury-harness';

const ETH = 10n ** 18n;
const PAYOUT = 'AbCdEfGhIj:payout:1';
/** ETH: 1 per transfer, 3 an hour, 4 a day; every other currency at the defaults. */
const LOW: PayoutLimits = {
  ...DEFAULT_TEST_LIMITS,
  ETH: { perTransfer: ETH, perHour: 3n * ETH, perDay: 4n * ETH },
};
const payout = (n: number, amount: bigint) =>
  payoutCommand({ payoutId: `S${n}:payout:1`, swapId: `SwApNo000${n}`, amount: amount.toString() });

describe('the payout policy and the freeze, on the real database', () => {
  const h = useHarness();

  /** Plans the payout command and runs the ETH sender's pass. */
  const pay = async (treasury: TreasuryProcess, command: ReturnType<typeof payoutCommand>) => {
    await treasury.planPayout.execute(command);
    await treasury.dispatcher.drain('ETH');
    return treasury.transfers.get(command.payoutId);
  };

  describe('a payout above a limit', () => {
    it('is held, never signed nor reported, and stays held across a restart', async () => {
      const treasury = h().start({ limits: LOW });

      const held = await pay(treasury, payoutCommand());

      expect(held).toMatchObject({
        state: 'HELD',
        signed: null,
        clearedAt: null,
        holdReason: '1.5 ETH is above the limit per transfer (1 ETH)',
      });
      expect(treasury.chains.chain('ETH').signs).toEqual([]);
      expect(treasury.out.progress).toEqual([]);
      // Still promised: an approval pays it.
      expect(await treasury.transferReports.reservations()).toEqual(new Map([['ETH', 15n * 10n ** 17n]]));
      const [listed] = await treasury.listTransfers.execute({ states: ['HELD'] });
      expect(listed).toMatchObject({ id: PAYOUT, state: 'HELD', holdReason: held.holdReason });

      const restarted = h().start({ limits: LOW });
      await restarted.planPayout.execute(payoutCommand()); // the command redelivered
      await restarted.dispatcher.drainAll();
      expect(restarted.chains.chain('ETH').signs).toEqual([]);
      expect(await restarted.transfers.get(PAYOUT)).toMatchObject({ state: 'HELD' });
    });

    it('approved, is signed and sent once, however often it is approved, across a restart', async () => {
      const treasury = h().start({ limits: LOW });
      await pay(treasury, payoutCommand());

      const approved = await treasury.heldTransfers.approve(PAYOUT);
      expect(approved).toMatchObject({ id: PAYOUT, holdReason: expect.stringContaining('above the limit') });
      await treasury.dispatcher.settled();
      const again = await treasury.heldTransfers.approve(PAYOUT);
      const restarted = h().start({ limits: LOW });
      await restarted.heldTransfers.approve(PAYOUT);
      await restarted.dispatcher.drainAll();

      expect(again).toMatchObject({ id: PAYOUT, state: 'BROADCAST' });
      expect(treasury.chains.chain('ETH').signs).toHaveLength(1);
      expect(restarted.chains.chain('ETH').signs).toEqual([]);
      expect(await restarted.transfers.get(PAYOUT)).toMatchObject({
        state: 'BROADCAST',
        clearedAt: h().clock.ms,
        approvedAt: h().clock.ms,
      });
      expect(treasury.out.progress.map((p) => [p.payoutId, p.state])).toEqual([[PAYOUT, 'broadcast']]);
      // Approved, it counts in the windows: the hour's third payout is held for it.
      expect((await pay(treasury, payout(2, ETH))).state).toBe('BROADCAST');
      expect(await pay(treasury, payout(3, (6n * ETH) / 10n))).toMatchObject({
        state: 'HELD',
        holdReason: 'with it 3.1 ETH would leave in the last hour, above the limit (3 ETH)',
      });
    });

    it('rejected, fails unsigned with the reason, which the swap hears; asked again, nothing changes', async () => {
      const treasury = h().start({ limits: LOW });
      await pay(treasury, payoutCommand());

      const rejected = await treasury.heldTransfers.reject(PAYOUT, 'the address is on a sanctions list');
      const again = await h().start({ limits: LOW }).heldTransfers.reject(PAYOUT, 'twice');

      const failure = 'rejected by an operator: the address is on a sanctions list';
      expect(rejected).toMatchObject({ id: PAYOUT, state: 'FAILED', failure, txid: null });
      expect(again).toEqual(rejected);
      expect(treasury.out.progress).toEqual([
        expect.objectContaining({ payoutId: PAYOUT, state: 'failed', txid: null, reason: failure }),
      ]);
      expect(await treasury.transferReports.reservations()).toEqual(new Map());
      await treasury.dispatcher.drainAll();
      expect(treasury.chains.chain('ETH').signs).toEqual([]);
      await expect(treasury.heldTransfers.approve(PAYOUT)).rejects.toMatchObject({
        code: 'CONFLICT',
        message: `transfer ${PAYOUT} is FAILED, not held: nothing to approve`,
      });
    });

    it('an operator cannot approve or reject what is not held', async () => {
      const treasury = h().start();
      await pay(treasury, payoutCommand());

      await expect(treasury.heldTransfers.approve(PAYOUT)).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(treasury.heldTransfers.reject(PAYOUT, 'late')).rejects.toMatchObject({
        code: 'CONFLICT',
        message: `transfer ${PAYOUT} is BROADCAST, not held: nothing to reject`,
      });
      await expect(treasury.heldTransfers.approve('no-such')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('the rolling windows, by the treasury clock', () => {
    it('hold what would overflow the hour; an hour later the same amount leaves', async () => {
      const treasury = h().start({ limits: LOW });

      expect((await pay(treasury, payout(1, ETH))).state).toBe('BROADCAST');
      h().clock.advance(20 * 60 * 1000);
      expect((await pay(treasury, payout(2, ETH))).state).toBe('BROADCAST');
      expect((await pay(treasury, payout(3, ETH))).state).toBe('BROADCAST');
      expect(await pay(treasury, payout(4, 1n))).toMatchObject({ state: 'HELD' });

      h().clock.advance(40 * 60 * 1000 + 1);
      // The first is out of the hour; the day still has room for one more.
      expect((await pay(treasury, payout(5, ETH))).state).toBe('BROADCAST');
      h().clock.advance(20 * 60 * 1000);
      // The hour has room again, the day has none.
      expect(await pay(treasury, payout(6, 1n))).toMatchObject({
        state: 'HELD',
        holdReason:
          'with it 4.000000000000000001 ETH would leave in the last 24 hours, above the limit (4 ETH)',
      });
      // A held one stays held for an operator, whatever the windows hold later.
      h().clock.advance(24 * 60 * 60 * 1000);
      await treasury.dispatcher.drainAll();
      expect(await treasury.transfers.get('S4:payout:1')).toMatchObject({ state: 'HELD' });
    });

    it('count no transfer that failed: nothing of it left', async () => {
      const treasury = h().start({ limits: LOW });
      const eth = treasury.chains.chain('ETH');
      eth.signError = new UnsignableTransfer('below the dust limit');
      expect((await pay(treasury, payout(1, ETH))).state).toBe('FAILED');
      eth.signError = null;

      for (const n of [2, 3, 4]) expect((await pay(treasury, payout(n, ETH))).state).toBe('BROADCAST');
    });

    it('screen a batch in turn: what it clears counts against the rest of it', async () => {
      const treasury = h().start({ limits: LOW });
      for (const n of [1, 2, 3, 4]) await treasury.planPayout.execute(payout(n, ETH));
      await treasury.dispatcher.drain('ETH');

      const states = await Promise.all(
        [1, 2, 3, 4].map(async (n) => (await treasury.transfers.get(`S${n}:payout:1`)).state),
      );
      expect(states).toEqual(['BROADCAST', 'BROADCAST', 'BROADCAST', 'HELD']);
      expect(treasury.chains.chain('ETH').signs).toHaveLength(3);
    });
  });

  it('screens gas top-ups from the hot wallet, not sweeps into it', async () => {
    const treasury = h().start({
      limits: {
        ...DEFAULT_TEST_LIMITS,
        TRX: { perTransfer: 0n, perHour: 0n, perDay: 0n },
        SOL: { perTransfer: 0n, perHour: 0n, perDay: 0n },
      },
    });
    const trx = treasury.chains.chain('TRX');
    trx.fee = 30_000_000n;
    trx.setBalance('trx-7', 'USDTTRC', 250_000_000n);
    treasury.chains.chain('SOL').setBalance('sol-7', 'SOL', 2_000_000_000n);
    const credited = (id: string, from: 'USDTTRC' | 'SOL', depositAddress: string) =>
      swapAt({ id, from, depositAddress, status: 'EXCHANGING', amountDeposited: '1000000', depositIndex: 7 });

    await treasury.planSweeps.onSwapUpdated(credited('GaSsWeEp01', 'USDTTRC', 'trx-7'));
    await treasury.planSweeps.onSwapUpdated(credited('SoLsWeEp01', 'SOL', 'sol-7'));
    await treasury.dispatcher.drainAll();

    expect(await treasury.transfers.get('gas:GaSsWeEp01')).toMatchObject({ state: 'HELD' });
    expect(await treasury.transfers.get('sweep:SoLsWeEp01')).toMatchObject({ state: 'BROADCAST' });
    expect(trx.signs).toEqual([]);
  });

  describe('the freeze', () => {
    it('stops all signing of the network, survives a restart, and shows in readiness until unfrozen', async () => {
      const treasury = h().start();
      await treasury.freeze.freeze('ETH', 'incident 42');

      expect(await pay(treasury, payoutCommand())).toMatchObject({ state: 'PLANNED', signed: null });
      // Another network signs on.
      await treasury.planPayout.execute(
        payoutCommand({
          payoutId: 'LtC:payout:1',
          network: 'LTC',
          currency: 'LTC',
          address: 'ltc1q',
          amount: '1000',
        }),
      );
      await treasury.dispatcher.drain('LTC');
      expect(treasury.chains.chain('LTC').signs).toHaveLength(1);

      const restarted = h().start();
      await restarted.dispatcher.drainAll();
      expect(restarted.chains.chain('ETH').signs).toEqual([]);
      expect(await restarted.freeze.readiness()).toEqual({
        ready: false,
        reason: `signing frozen: ETH since ${new Date(h().clock.ms).toISOString()} (incident 42); swapctl treasury unfreeze`,
      });

      expect(await restarted.freeze.unfreeze('ETH')).toEqual([]);
      await restarted.dispatcher.settled();
      expect(restarted.chains.chain('ETH').signs).toHaveLength(1);
      expect(await restarted.transfers.get(PAYOUT)).toMatchObject({ state: 'BROADCAST' });
      expect(await restarted.freeze.readiness()).toBe(true);
    });

    it("of all networks holds each of them until all is unfrozen, the operator's replacements too", async () => {
      const treasury = h().start();
      await pay(treasury, payoutCommand());
      await treasury.freeze.freeze('all', null);
      await treasury.freeze.freeze('LTC', 'twice over');

      await expect(treasury.replaceTransfer.bump({ transferId: PAYOUT })).rejects.toMatchObject({
        code: 'FROZEN',
      });
      // Unfreezing one network leaves it frozen by all.
      expect((await treasury.freeze.unfreeze('ETH')).map((f) => f.scope)).toEqual(['all', 'LTC']);
      expect(await treasury.freeze.frozen('ETH')).toMatchObject({ scope: 'all' });

      expect(await treasury.freeze.unfreeze('all')).toEqual([]);
      expect(await treasury.freeze.frozen('LTC')).toBeNull();
      expect(await treasury.replaceTransfer.bump({ transferId: PAYOUT })).toMatchObject({ action: 'bump' });
    });
  });
});
