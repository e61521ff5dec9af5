import { EXIT } from './cli-error';
import { runCli } from './program';
import { answer, fakeCli, refusal } from './test/fake-bus';

const words = (line: string) => line.split(' ');

const held = {
  id: 'AbCdEfGhIj:payout:1',
  kind: 'payout',
  swapId: 'AbCdEfGhIj',
  network: 'ETH',
  currency: 'ETH',
  to: '0x52908400098527886E0F7030069857D2E4169EE7',
  amount: '1500000000000000000',
  state: 'HELD',
  txid: null,
  confirmations: 0,
  attempts: 0,
  nextAttemptAt: 0,
  failure: null,
  lastError: null,
  holdReason: '1.5 ETH is above the limit per transfer (1 ETH)',
  createdAt: 1735689600000,
  updatedAt: 1735689630000,
};

describe('swapctl treasury: the payout policy', () => {
  it('transfers --held lists the held ones, with the limit each is above', async () => {
    const cli = fakeCli({ 'treasury.transfers': answer([held]) });

    expect(await runCli(words('treasury transfers --held'), cli.ctx)).toBe(EXIT.ok);
    await runCli(words('treasury transfers --held --state HELD --state FAILED --json'), cli.ctx);

    expect(cli.calls.map((c) => c.body)).toEqual([
      { states: ['HELD'], limit: 100 },
      { states: ['HELD', 'FAILED'], limit: 100 },
    ]);
    expect(cli.stdout().split('\n')[1]).toMatch(
      /^2025-01-01 00:00:00Z +AbCdEfGhIj:payout:1 +payout +HELD +1\.5 ETH +- +0 +0 +- +held: 1\.5 ETH is above the limit per transfer \(1 ETH\)$/,
    );
  });

  it('approve asks the treasury to let the transfer go and says what happens next', async () => {
    const cli = fakeCli({ 'treasury.approve': answer({ ...held, state: 'PLANNED' }) });

    expect(await runCli(words('treasury approve AbCdEfGhIj:payout:1'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toEqual([{ rpc: 'treasury.approve', body: { transferId: 'AbCdEfGhIj:payout:1' } }]);
    expect(cli.stdout()).toBe(
      'transfer AbCdEfGhIj:payout:1 approved: payout of 1.5 ETH to 0x52908400098527886E0F7030069857D2E4169EE7 (swap AbCdEfGhIj); it is signed and sent next\n',
    );
  });

  it("approve of a transfer that is not held is the treasury's refusal, as a CLI error", async () => {
    const cli = fakeCli({
      'treasury.approve': refusal('CONFLICT', 'transfer p-1 is BROADCAST, not held: nothing to approve', 409),
    });

    expect(await runCli(words('treasury approve p-1'), cli.ctx)).toBe(EXIT.failed);
    expect(cli.stderr()).toContain('not held: nothing to approve');
  });

  it('reject needs a reason, and passes it on for the swap to show', async () => {
    expect(await runCli(words('treasury reject p-1'), fakeCli().ctx)).toBe(EXIT.usage);

    const failure = 'rejected by an operator: the address is on a sanctions list';
    const cli = fakeCli({ 'treasury.reject': answer({ ...held, state: 'FAILED', failure }) });
    const code = await runCli(
      [
        'treasury',
        'reject',
        'AbCdEfGhIj:payout:1',
        '--reason',
        'the address is on a sanctions list',
        '--json',
      ],
      cli.ctx,
    );

    expect(code).toBe(EXIT.ok);
    expect(cli.calls).toEqual([
      {
        rpc: 'treasury.reject',
        body: { transferId: 'AbCdEfGhIj:payout:1', reason: 'the address is on a sanctions list' },
      },
    ]);
    expect(JSON.parse(cli.stdout())).toMatchObject({ state: 'FAILED', failure });
  });

  it('freeze stops all networks by default, or one, with an optional reason; unfreeze lifts it', async () => {
    const since = Date.UTC(2025, 0, 1);
    const cli = fakeCli({
      'treasury.freeze': (body) => ({
        ok: true,
        data: [{ scope: (body as { network: string }).network, reason: 'incident 42', since }],
      }),
      'treasury.unfreeze': answer([]),
    });

    await runCli(words('treasury freeze'), cli.ctx);
    await runCli(words('treasury freeze eth --reason incident'), cli.ctx);
    await runCli(words('treasury unfreeze ETH'), cli.ctx);
    await runCli(words('treasury unfreeze'), cli.ctx);

    expect(cli.calls).toEqual([
      { rpc: 'treasury.freeze', body: { network: 'all' } },
      { rpc: 'treasury.freeze', body: { network: 'ETH', reason: 'incident' } },
      { rpc: 'treasury.unfreeze', body: { network: 'ETH' } },
      { rpc: 'treasury.unfreeze', body: { network: 'all' } },
    ]);
    expect(cli.stdout().split('\n')).toEqual([
      'signing frozen:',
      '  all networks since 2025-01-01 00:00:00Z (incident 42)',
      'signing frozen:',
      '  ETH since 2025-01-01 00:00:00Z (incident 42)',
      'signing is not frozen: the treasury signs on every network',
      'signing is not frozen: the treasury signs on every network',
      '',
    ]);
  });

  it('refuses a scope that is neither all nor a network', async () => {
    const cli = fakeCli();

    expect(await runCli(words('treasury freeze everything'), cli.ctx)).toBe(EXIT.usage);
    expect(cli.calls).toEqual([]);
    expect(cli.stderr()).toContain('expected all or a network');
  });
});
