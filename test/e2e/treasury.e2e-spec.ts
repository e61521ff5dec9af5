import { accountPublicKeys, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import {
  devnetBalance,
  devnetDeposit,
  devnetMine,
  devnetSubmit,
  engineInbox,
  enginePartition,
  MONEY_COMMANDS_STREAM,
  refundRequested,
  treasuryBalances,
  treasuryLedger,
  treasuryPayoutRequested,
  treasuryTransfers,
  treasurySignTransfer,
  swapUpdated,
  type PayoutProgress,
  type SignedTransactionMessage,
} from '@swap/contracts';
import { toUnits } from '@swap/domain';
import { Stack, TEST_MNEMONIC } from '@swap/stack';
import { swapSnapshotFixture } from '@swap/testing';

const ETH_USER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ETH_FEE = 420_000_000_000_000n; // the devnet's fee of a plain ETH transfer
const USDTERC_FEE = 1_300_000_000_000_000n; // and of a token transfer
const { ETH: ETH_XPUB, BTC: BTC_XPUB } = accountPublicKeys(mnemonicToSeed(TEST_MNEMONIC));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the treasury on the devnet, end to end', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await Stack.start({
      treasuryEnv: { TREASURY_CONFIRMATIONS_SECONDS: '0.2', TREASURY_SEND_RETRY_SECONDS: '0.2' },
      devnetEnv: { DEVNET_BLOCK_SECONDS: '0' }, // blocks only when the test mines them
    });
  });
  afterAll(() => stack?.stop());

  const call: Stack['call'] = (rpc, body) => stack.call(rpc, body);
  const ethBalance = async () => (await call(treasuryBalances, {})).find((b) => b.code === 'ETH')?.balance;

  /** The payout progress the treasury sends to a swap's actor, as it arrives. */
  async function payoutProgressOf(swapId: string): Promise<PayoutProgress[]> {
    const progress: PayoutProgress[] = [];
    await stack.bus.consume(engineInbox, {
      durable: `e2e-observer-${swapId}`,
      filter: `engine.in.${enginePartition(swapId)}.${swapId}`,
      handler: async (input) => void (input.kind === 'payout' && progress.push(input)),
    });
    return progress;
  }

  it('shows every hot wallet at index 0 of its account, funded by the devnet', async () => {
    const balances = await call(treasuryBalances, {});

    expect(balances.map((b) => b.code)).toEqual([
      'BTC',
      'LTC',
      'XMR',
      'TRX',
      'ETH',
      'SOL',
      'AVAX',
      'USDTTRC',
      'USDTERC',
    ]);
    expect(balances.find((b) => b.code === 'ETH')).toEqual({
      code: 'ETH',
      network: 'ETH',
      address: depositAddress('ETH', ETH_XPUB, 0),
      balance: '1000',
    });
  });

  it('pays a repeated payout command once and reports it until the confirmations are reached', async () => {
    const swapId = 'TrEaSuRy01';
    const progress = await payoutProgressOf(swapId);
    const command = {
      payoutId: `${swapId}:payout:1`,
      swapId,
      network: 'ETH' as const,
      currency: 'ETH' as const,
      address: ETH_USER,
      amount: '1500000000000000000',
      requestedAt: Date.now(),
    };

    await stack.bus.publish(treasuryPayoutRequested, ['ETH'], command, { msgId: 'e2e-payout-1' });
    await stack.bus.publish(treasuryPayoutRequested, ['ETH'], command, { msgId: 'e2e-payout-1-again' });
    await waitFor(() => progress.some((p) => p.state === 'broadcast'));
    // swapctl treasury transfers: in the treasury's hands until it has its confirmations.
    const inFlight = await call(treasuryTransfers, { network: 'ETH' });
    expect(inFlight.filter((t) => t.swapId === swapId).map((t) => [t.id, t.state])).toEqual([
      [command.payoutId, 'BROADCAST'],
    ]);
    await call(devnetMine, { network: 'ETH', blocks: 12 });
    await waitFor(() => progress.some((p) => p.state === 'confirmed' && p.confirmations === 12));
    expect((await call(treasuryTransfers, {})).some((t) => t.swapId === swapId)).toBe(false);
    const settled = await call(treasuryTransfers, { states: ['CONFIRMED'] });
    expect(settled.filter((t) => t.swapId === swapId).map((t) => t.confirmations)).toEqual([12]);

    expect(progress.filter((p) => p.state === 'broadcast')).toEqual([
      expect.objectContaining({ payoutId: command.payoutId, fee: ETH_FEE.toString(), feeCurrency: 'ETH' }),
    ]);
    expect(await ethBalance()).toBe('998.49958');
    const ledger = await call(treasuryLedger, { swapId });
    expect(ledger.entries.map((e) => [e.account, e.amount])).toEqual([
      [`payouts:${swapId}`, '1500000000000000000'],
      ['hot:ETH', '-1500000000000000000'],
      ['fees:network', ETH_FEE.toString()],
      ['hot:ETH', `-${ETH_FEE}`],
    ]);
    expect(ledger.totals).toEqual([{ currency: 'ETH', amount: '0' }]);
  });

  it('signs a refund the engine ordered, once per requestId, with bytes the devnet already knows', async () => {
    const request = {
      requestId: 'e2e-refund-1',
      network: 'ETH' as const,
      currency: 'ETH' as const,
      to: ETH_USER,
      amount: '1000000000000000',
    };
    // Nothing the engine did not order: refused until its command has reached the treasury.
    await expect(call(treasurySignTransfer, request)).rejects.toThrow(
      /signs only refunds the engine ordered/,
    );
    await stack.bus.publish(
      refundRequested,
      ['ETH'],
      {
        refundId: request.requestId,
        swapId: 'TrEaSuRyRf',
        network: 'ETH',
        currency: 'ETH',
        address: ETH_USER,
        amount: request.amount,
        deposited: '1010101010101010',
        requestedAt: Date.now(),
      },
      { msgId: 'e2e-refund-1' },
    );
    let first: SignedTransactionMessage | undefined;
    await waitFor(async () => {
      first = await call(treasurySignTransfer, request).catch(() => undefined);
      return first !== undefined;
    });
    const signed = first as SignedTransactionMessage;
    const again = await call(treasurySignTransfer, request);

    expect(again).toEqual(signed);
    // The refunds service broadcasts the same bytes: one transaction, already in the mempool.
    expect(await call(devnetSubmit, { network: 'ETH', raw: signed.raw })).toEqual({
      accepted: true,
      txid: signed.txid,
    });
  });

  it('pays a command that a killed treasury had pulled, seconds after its restart', async () => {
    const swapId = 'TrEaSuRy02';
    const progress = await payoutProgressOf(swapId);
    const treasury = stack.service('treasury');
    await treasury.kill();
    const command = {
      payoutId: `${swapId}:payout:1`,
      swapId,
      network: 'SOL' as const,
      currency: 'SOL' as const,
      address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      amount: '1000000000',
      requestedAt: Date.now(),
    };
    try {
      await stack.bus.publish(treasuryPayoutRequested, ['SOL'], command, { msgId: 'e2e-payout-2' });
      // Pulled for the killed process and never acknowledged: by this fetch, or by a pull request
      // the dead process left at the server (which takes a moment to notice the closed connection).
      const durable = await stack.bus.js.consumers.get(MONEY_COMMANDS_STREAM.name, 'treasury-payouts');
      for await (const message of await durable.fetch({ max_messages: 1, expires: 1000 }))
        expect(message.subject).toBe('treasury.payout.SOL');
      const { num_pending, num_ack_pending } = await durable.info();
      expect({ num_pending, num_ack_pending }).toEqual({ num_pending: 0, num_ack_pending: 1 });
    } finally {
      await treasury.start();
    }
    await waitFor(() => progress.some((p) => p.state === 'broadcast'), 15_000);
    expect(progress.map((p) => [p.payoutId, p.state])).toEqual([[command.payoutId, 'broadcast']]);
  });

  it("counts a BTC deposit in the hot wallet, unswept, once a swap handed out its address (the node's wallet)", async () => {
    const btcBalance = async () =>
      toUnits((await call(treasuryBalances, {})).find((b) => b.code === 'BTC')!.balance!, 8);
    const address = depositAddress('BTC', BTC_XPUB, 9);
    await call(devnetDeposit, { currency: 'BTC', address, amount: '0.5' });
    await call(devnetMine, { network: 'BTC', blocks: 1 });
    const before = await btcBalance();

    const swap = swapSnapshotFixture({
      id: 'WaLlEtBtC1',
      status: 'NEW',
      from: 'BTC',
      to: 'ETH',
      depositAddress: address,
      depositIndex: 9,
    });
    await stack.bus.publish(swapUpdated, [swap.id], swap, { msgId: `${swap.id}:created` });

    await waitFor(async () => (await btcBalance()) !== before);
    expect((await btcBalance()) - before).toBe(50_000_000n);
  });

  describe('sweeps', () => {
    const balanceOf = async (address: string, currency: 'ETH' | 'USDTERC') =>
      BigInt((await call(devnetBalance, { network: 'ETH', address, currency })).balance);
    const hot = () => depositAddress('ETH', ETH_XPUB, 0);

    /** A deposit to address `index`, mined: what the hot wallet holds then, and the address. */
    async function depositTo(index: number, currency: 'ETH' | 'USDTERC', amount: string) {
      const address = depositAddress('ETH', ETH_XPUB, index);
      await call(devnetDeposit, { currency, address, amount });
      await call(devnetMine, { network: 'ETH', blocks: 12 });
      return { address, hotBefore: await balanceOf(hot(), currency) };
    }

    /** The swap event that says the deposit was credited. */
    async function credit(id: string, index: number, currency: 'ETH' | 'USDTERC', units: bigint) {
      const swap = swapSnapshotFixture({
        id,
        status: 'EXCHANGING',
        from: currency,
        to: 'BTC',
        amountFrom: units.toString(),
        amountDeposited: units.toString(),
        depositAddress: depositAddress('ETH', ETH_XPUB, index),
        depositIndex: index,
      });
      await stack.bus.publish(swapUpdated, [id], swap, { msgId: `${id}:credited` });
    }

    it('sweeps a credited ETH deposit to the hot wallet, less its fee', async () => {
      const { address, hotBefore: before } = await depositTo(7, 'ETH', '0.5');
      await credit('SwEePeTh01', 7, 'ETH', 500_000_000_000_000_000n);

      await waitFor(async () => (await balanceOf(address, 'ETH')) === 0n || (await mineOne()));
      await waitFor(async () => (await balanceOf(hot(), 'ETH')) > before || (await mineOne()));

      expect((await balanceOf(hot(), 'ETH')) - before).toBe(500_000_000_000_000_000n - ETH_FEE);
      const ledger = await call(treasuryLedger, { swapId: 'SwEePeTh01' });
      expect(
        ledger.entries.filter((e) => e.batch === 'transfer:sweep:SwEePeTh01').map((e) => e.account),
      ).toEqual(['hot:ETH', 'unswept:SwEePeTh01', 'fees:network', 'unswept:SwEePeTh01']);
      expect(ledger.totals.every((t) => t.amount === '0')).toBe(true);
    });

    it('sends gas to a USDT deposit address, then sweeps the tokens once the gas confirmed', async () => {
      const { address, hotBefore: before } = await depositTo(8, 'USDTERC', '250');
      await credit('SwEePuSdT1', 8, 'USDTERC', 250_000_000n);

      await waitFor(async () => (await balanceOf(address, 'USDTERC')) === 0n || (await mineOne()));

      expect((await balanceOf(hot(), 'USDTERC')) - before).toBe(250_000_000n);
      expect(await balanceOf(address, 'ETH')).toBe(0n); // the gas paid exactly the token transfer
      const ledger = await call(treasuryLedger, { swapId: 'SwEePuSdT1' });
      expect(ledger.entries.filter((e) => e.account === 'fees:network').map((e) => e.amount)).toEqual([
        ETH_FEE.toString(),
        USDTERC_FEE.toString(),
      ]);
      expect(ledger.totals.every((t) => t.amount === '0')).toBe(true);
    });

    /** Mines a block (for whatever the treasury has just sent) and says the condition is not met yet. */
    async function mineOne(): Promise<false> {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await call(devnetMine, { network: 'ETH', blocks: 1 });
      return false;
    }
  });
});
