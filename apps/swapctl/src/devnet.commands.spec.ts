import { EXIT } from './cli-error';
import { runCli } from './program';
import { fakeCli } from './test/fake-bus';

const ok = (data: unknown) => () => ({ ok: true, data });
const words = (line: string) => line.split(' ');
const TXID = 'ab'.repeat(32);
const TIP = { height: 42, hash: 'cd'.repeat(32) };

describe('swapctl devnet', () => {
  it('deposits: currency in any case, the address as given, the amount as an exact decimal', async () => {
    const cli = fakeCli({ 'devnet.deposit': ok({ txid: TXID }) });

    const code = await runCli(
      words('devnet deposit usdterc 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed 12.5 --json'),
      cli.ctx,
    );

    expect(code).toBe(EXIT.ok);
    expect(cli.calls).toEqual([
      {
        rpc: 'devnet.deposit',
        body: { currency: 'USDTERC', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '12.5' },
      },
    ]);
    expect(JSON.parse(cli.stdout())).toEqual({ txid: TXID });
  });

  it('mines one block by default, or N', async () => {
    const cli = fakeCli({ 'devnet.mine': ok(TIP) });

    await runCli(words('devnet mine btc'), cli.ctx);
    await runCli(words('devnet mine LTC 6 --json'), cli.ctx);

    expect(cli.calls.map((c) => c.body)).toEqual([
      { network: 'BTC', blocks: 1 },
      { network: 'LTC', blocks: 6 },
    ]);
    const [human, json] = cli.stdout().split(/(?<=\n)(?=\{)/);
    expect(human).toBe(`BTC tip: height 42, hash ${TIP.hash}\n`);
    expect(JSON.parse(json)).toEqual(TIP);
  });

  it('switches fail-payouts on and off', async () => {
    const cli = fakeCli({
      'devnet.fail-payouts': (body) => ({ ok: true, data: body }),
    });

    await runCli(words('devnet fail-payouts USDTTRC on --json'), cli.ctx);
    await runCli(words('devnet fail-payouts USDTTRC off'), cli.ctx);

    expect(cli.calls.map((c) => c.body)).toEqual([
      { currency: 'USDTTRC', on: true },
      { currency: 'USDTTRC', on: false },
    ]);
    expect(cli.stdout()).toContain('"on": true');
    expect(cli.stdout()).toContain('payouts of USDTTRC go through again');
  });

  it('reorganises with any number of dropped transactions', async () => {
    const cli = fakeCli({ 'devnet.reorg': ok(TIP) });
    const other = 'ef'.repeat(32);

    await runCli(words(`devnet reorg eth 2 --drop ${TXID} --drop ${other} --json`), cli.ctx);
    await runCli(words('devnet reorg SOL 0'), cli.ctx);

    expect(cli.calls.map((c) => c.body)).toEqual([
      { network: 'ETH', depth: 2, drop: [TXID, other] },
      { network: 'SOL', depth: 0, drop: [] },
    ]);
  });

  it('reports the devnet refusing as exit 1 with its message', async () => {
    const cli = fakeCli({
      'devnet.deposit': () => ({
        ok: false,
        error: { code: 'INVALID_ADDRESS', message: 'invalid BTC address for BTC', status: 400 },
      }),
    });

    expect(await runCli(words('devnet deposit BTC nowhere 1 --json'), cli.ctx)).toBe(EXIT.failed);
    expect(JSON.parse(cli.stdout())).toEqual({
      error: { code: 'INVALID_ADDRESS', message: 'invalid BTC address for BTC' },
    });
  });

  it.each([
    ['devnet deposit DOGE addr 1', 'currency must be one of'],
    ['devnet deposit BTC addr 1e3', 'amount must be a plain decimal'],
    ['devnet mine BTC 0', 'blocks must be a whole number from 1 to 1000'],
    ['devnet mine XRP', 'network must be one of'],
    ['devnet fail-payouts BTC yes', 'expected on or off'],
    ['devnet reorg BTC 101', 'depth must be a whole number from 0 to 100'],
    ['devnet reorg BTC 1 --drop nope', 'txid must be 64 lowercase hex digits'],
  ])('rejects `%s` with exit 2 without asking the bus', async (line, message) => {
    const cli = fakeCli();

    expect(await runCli(words(line), cli.ctx)).toBe(EXIT.usage);
    expect(cli.calls).toEqual([]);
    expect(cli.stderr()).toContain(message);
  });
});
