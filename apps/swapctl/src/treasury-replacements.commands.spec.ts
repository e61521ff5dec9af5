import { EXIT } from './cli-error';
import { runCli } from './program';
import { fakeCli } from './test/fake-bus';

const words = (line: string) => line.split(' ');

const bumped = {
  transferId: 'AbCdEfGhIj:payout:1',
  network: 'LTC',
  action: 'bump',
  replaces: 'aa'.repeat(32),
  txid: 'bb'.repeat(32),
  fee: '282000',
  previousFee: '141',
  feeCurrency: 'LTC',
  transfers: ['AbCdEfGhIj:payout:1'],
  accepted: true,
  reason: null,
};

describe('swapctl treasury bump / fill-nonce / cpfp', () => {
  it("asks the treasury to bump a transfer at the operator's fee rate and prints what was sent", async () => {
    const cli = fakeCli({ 'treasury.bump': () => ({ ok: true, data: bumped }) });

    expect(await runCli(words('treasury bump AbCdEfGhIj:payout:1 --fee-rate 2000'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toEqual([
      { rpc: 'treasury.bump', body: { transferId: 'AbCdEfGhIj:payout:1', feeRate: '2000' } },
    ]);
    expect(cli.stdout().split('\n')).toEqual([
      'fee bump of transfer AbCdEfGhIj:payout:1 (LTC) stored and sent',
      `  replaces ${'aa'.repeat(32)} (fee 0.00000141 LTC)`,
      `  with     ${'bb'.repeat(32)} (fee 0.00282 LTC)`,
      '  the node took it; whichever of the two is mined settles the transfer',
      '',
    ]);
  });

  it('fill-nonce and cpfp go to their own RPCs; --json prints the answer as it is', async () => {
    const view = {
      ...bumped,
      network: 'ETH',
      feeCurrency: 'ETH',
      action: 'fill-nonce',
      accepted: false,
      reason: 'nonce too low',
    };
    const cli = fakeCli({
      'treasury.fill-nonce': () => ({ ok: true, data: view }),
      'treasury.cpfp': () => ({ ok: true, data: { ...bumped, action: 'cpfp' } }),
    });

    await runCli(words('treasury fill-nonce p-1 --json'), cli.ctx);
    await runCli(words('treasury cpfp p-2'), cli.ctx);

    expect(cli.calls).toEqual([
      { rpc: 'treasury.fill-nonce', body: { transferId: 'p-1' } },
      { rpc: 'treasury.cpfp', body: { transferId: 'p-2' } },
    ]);
    const [json, human] = cli.stdout().split(/\n(?=CPFP)/);
    expect(JSON.parse(json)).toEqual(view);
    expect(human).toContain('the node took it; miners now take the payout with its child');
  });

  it("refuses a fee rate that is not a positive whole number, and shows the treasury's refusal as an error", async () => {
    expect(await runCli(words('treasury bump p-1 --fee-rate 1.5'), fakeCli().ctx)).toBe(EXIT.usage);

    const cli = fakeCli({
      'treasury.bump': () => ({
        ok: false,
        error: { code: 'CONFLICT', message: 'transfer p-1 is confirmed already', status: 409 },
      }),
    });
    expect(await runCli(words('treasury bump p-1'), cli.ctx)).toBe(EXIT.failed);
    expect(cli.stderr()).toContain('transfer p-1 is confirmed already');
  });
});
