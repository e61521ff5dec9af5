import { EXIT } from './cli-error';
import { runCli } from './program';
import { fakeCli } from './test/fake-bus';

const ok = (data: unknown) => () => ({ ok: true, data });
const words = (line: string) => line.split(' ');

const balances = [
  { code: 'BTC', network: 'BTC', address: 'bc1qhot', balance: '1.5' },
  { code: 'USDTERC', network: 'ETH', address: '0xhot', balance: null },
];

const ledger = {
  swapId: 'AbCdEfGhIj',
  entries: [
    {
      batch: 'deposit:AbCdEfGhIj:150000000',
      memo: 'deposit credited',
      account: 'hot:LTC',
      currency: 'LTC',
      amount: '150000000',
      at: 1735689600000,
    },
    {
      batch: 'deposit:AbCdEfGhIj:150000000',
      memo: 'deposit credited',
      account: 'deposits:AbCdEfGhIj',
      currency: 'LTC',
      amount: '-150000000',
      at: 1735689600000,
    },
  ],
  totals: [{ currency: 'LTC', amount: '0' }],
};

describe('swapctl treasury', () => {
  it('prints the hot wallets as the D9 JSON document', async () => {
    const cli = fakeCli({ 'treasury.balances': ok(balances) });

    expect(await runCli(words('treasury balances --json'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toEqual([{ rpc: 'treasury.balances', body: {} }]);
    expect(JSON.parse(cli.stdout())).toEqual(balances);
  });

  it('shows balances as a table, saying which node could not be asked', async () => {
    const cli = fakeCli({ 'treasury.balances': ok(balances) });

    await runCli(words('treasury balances'), cli.ctx);

    expect(cli.stdout().split('\n')).toEqual([
      'CODE     NETWORK  BALANCE           ADDRESS',
      'BTC      BTC      1.5               bc1qhot',
      'USDTERC  ETH      node unreachable  0xhot',
      '',
    ]);
  });

  it("prints a swap's ledger, with --json exactly the treasury's answer", async () => {
    const cli = fakeCli({ 'treasury.ledger': ok(ledger) });

    await runCli(words('treasury ledger AbCdEfGhIj --json'), cli.ctx);
    await runCli(words('treasury ledger AbCdEfGhIj'), cli.ctx);

    expect(cli.calls.map((c) => c.body)).toEqual([{ swapId: 'AbCdEfGhIj' }, { swapId: 'AbCdEfGhIj' }]);
    const [json, human] = cli.stdout().split(/(?<=^\})\n/m);
    expect(JSON.parse(json)).toEqual(ledger);
    expect(human).toContain('deposits:AbCdEfGhIj  -1.5 LTC');
    expect(human).toContain('totals: 0 LTC (balanced)');
  });

  it('says so when a swap has no entries', async () => {
    const cli = fakeCli({ 'treasury.ledger': ok({ swapId: 'x', entries: [], totals: [] }) });

    await runCli(words('treasury ledger x'), cli.ctx);

    expect(cli.stdout()).toBe('no ledger entries for swap x\n');
  });

  const stuck = {
    id: 'AbCdEfGhIj:payout:1',
    kind: 'payout',
    swapId: 'AbCdEfGhIj',
    network: 'ETH',
    currency: 'ETH',
    to: '0x52908400098527886E0F7030069857D2E4169EE7',
    amount: '1500000000000000000',
    state: 'SIGNED',
    txid: '0xabc',
    confirmations: 0,
    attempts: 3,
    nextAttemptAt: 1735689660000,
    failure: null,
    createdAt: 1735689600000,
    updatedAt: 1735689630000,
  };

  it('lists the unsettled transfers by default, and passes states, network and limit on', async () => {
    const cli = fakeCli({ 'treasury.transfers': ok([stuck]) });

    await runCli(words('treasury transfers --json'), cli.ctx);
    await runCli(words('treasury transfers --state failed --state SIGNED --network eth --limit 5'), cli.ctx);

    expect(cli.calls.map((c) => c.body)).toEqual([
      { limit: 100 },
      { states: ['FAILED', 'SIGNED'], network: 'ETH', limit: 5 },
    ]);
    const [json, human] = cli.stdout().split(/(?<=^\])\n/m);
    expect(JSON.parse(json)).toEqual([stuck]);
    expect(human.split('\n')[1]).toMatch(
      /^2025-01-01 00:00:00Z +AbCdEfGhIj:payout:1 +payout +SIGNED +1\.5 ETH +0xabc +0 +3 +2025-01-01 00:01:00Z +-$/,
    );
  });

  it('refuses an unknown transfer state', async () => {
    const cli = fakeCli({});

    expect(await runCli(words('treasury transfers --state LOST'), cli.ctx)).toBe(EXIT.usage);
    expect(cli.calls).toEqual([]);
  });

  it('says so when there are none', async () => {
    const cli = fakeCli({ 'treasury.transfers': ok([]) });

    await runCli(words('treasury transfers'), cli.ctx);

    expect(cli.stdout()).toBe('no transfers\n');
  });
});
