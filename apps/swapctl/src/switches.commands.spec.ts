import { EXIT } from './cli-error';
import { runCli } from './program';
import { fakeCli } from './test/fake-bus';

const ok = (data: unknown) => () => ({ ok: true, data });
const words = (line: string) => line.split(' ');
const AT = 1_767_225_600_000;

const currency = (code: string, overrides: object = {}) => ({
  code,
  enabled: true,
  deposits: true,
  payouts: true,
  liquidityPercent: '100',
  updatedAt: AT,
  ...overrides,
});

/** A pricing service that applies the change to a default currency, as the real one does. */
const setCurrencyReply = (body: unknown) => {
  const { code, ...change } = body as { code: string };
  return { ok: true, data: currency(code, change) };
};

const setPairReply = (body: unknown) => {
  const { from, to, ...change } = body as { from: string; to: string };
  return { ok: true, data: { from, to, enabled: true, min: null, updatedAt: AT, ...change } };
};

describe('swapctl currencies', () => {
  const currencies = [
    currency('BTC'),
    currency('XMR', { enabled: false }),
    currency('USDTTRC', { deposits: false, liquidityPercent: '0' }),
    currency('ETH', { payouts: false, liquidityPercent: '12.5' }),
  ];

  it('lists every currency as a table, and as received with --json', async () => {
    const cli = fakeCli({ 'pricing.currencies.list': ok(currencies) });

    await runCli(words('currencies list'), cli.ctx);
    await runCli(words('currencies list --json'), cli.ctx);

    expect(cli.calls).toEqual([
      { rpc: 'pricing.currencies.list', body: {} },
      { rpc: 'pricing.currencies.list', body: {} },
    ]);
    const [human, json] = cli.stdout().split(/(?<=\n)(?=\[)/);
    expect(human.split('\n')).toEqual([
      'CODE     STATE        DEPOSITS  PAYOUTS  LIQUIDITY',
      'BTC      in service   on        on       100 %',
      'XMR      MAINTENANCE  on        on       100 %',
      'USDTTRC  in service   off       on       no limit',
      'ETH      in service   on        off      12.5 %',
      '',
    ]);
    expect(JSON.parse(json)).toEqual(currencies);
  });

  it.each([
    ['currencies disable btc', { code: 'BTC', enabled: false }],
    ['currencies enable BTC', { code: 'BTC', enabled: true }],
    ['currencies disable ltc --deposits', { code: 'LTC', deposits: false }],
    ['currencies enable ltc --deposits', { code: 'LTC', deposits: true }],
    ['currencies disable Xmr --payouts', { code: 'XMR', payouts: false }],
    ['currencies enable xmr --payouts', { code: 'XMR', payouts: true }],
    ['currencies disable usdterc --deposits --payouts', { code: 'USDTERC', deposits: false, payouts: false }],
    ['currencies enable usdterc --payouts --deposits', { code: 'USDTERC', deposits: true, payouts: true }],
  ])('`%s` sends exactly %j', async (line, body) => {
    const cli = fakeCli({ 'pricing.currencies.set': setCurrencyReply });

    expect(await runCli(words(line), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toHaveLength(1);
    expect(cli.calls[0]).toStrictEqual({ rpc: 'pricing.currencies.set', body });
  });

  it('prints the resulting settings on one line, or as the object with --json', async () => {
    const cli = fakeCli({ 'pricing.currencies.set': setCurrencyReply });

    await runCli(words('currencies disable btc'), cli.ctx);
    await runCli(words('currencies disable eth --payouts'), cli.ctx);
    await runCli(words('currencies enable sol --json'), cli.ctx);

    const [human, json] = cli.stdout().split(/(?<=\n)(?=\{)/);
    expect(human).toBe(
      'BTC: MAINTENANCE, deposits on, payouts on, liquidity 100 %\n' +
        'ETH: in service, deposits on, payouts off, liquidity 100 %\n',
    );
    expect(JSON.parse(json)).toEqual(currency('SOL'));
  });

  it('sets the liquidity share as typed; 0 reads as no limit', async () => {
    const cli = fakeCli({ 'pricing.currencies.set': setCurrencyReply });

    await runCli(words('currencies liquidity eth 12.5'), cli.ctx);
    await runCli(words('currencies liquidity BTC 0'), cli.ctx);
    await runCli(words('currencies liquidity ltc 100.0 --json'), cli.ctx);

    expect(cli.calls.map((c) => c.body)).toEqual([
      { code: 'ETH', liquidityPercent: '12.5' },
      { code: 'BTC', liquidityPercent: '0' },
      { code: 'LTC', liquidityPercent: '100.0' },
    ]);
    const [human, json] = cli.stdout().split(/(?<=\n)(?=\{)/);
    expect(human).toBe(
      'ETH: in service, deposits on, payouts on, liquidity 12.5 %\n' +
        'BTC: in service, deposits on, payouts on, liquidity no limit\n',
    );
    expect(JSON.parse(json)).toEqual(currency('LTC', { liquidityPercent: '100.0' }));
  });

  it.each(['101', '100.01', '250', 'abc', '1e2', '50%', '.5', '5.', ''])(
    'rejects liquidity percent %j with exit 2 without asking the bus',
    async (percent) => {
      const cli = fakeCli();

      const code = await runCli(['currencies', 'liquidity', 'BTC', percent], cli.ctx);

      expect(code).toBe(EXIT.usage);
      expect(cli.calls).toEqual([]);
      expect(cli.stderr()).toMatch(/^swapctl: .*percent must be a plain decimal from 0 to 100/);
      expect(cli.stdout()).toBe('');
    },
  );

  it('reports a usage error as one JSON document with --json', async () => {
    const cli = fakeCli();

    expect(await runCli(words('currencies liquidity BTC 150 --json'), cli.ctx)).toBe(EXIT.usage);

    expect(JSON.parse(cli.stdout())).toEqual({
      error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('from 0 to 100') },
    });
  });

  it("shows the service's refusal as the CLI error, exit 1", async () => {
    const cli = fakeCli({
      'pricing.currencies.set': () => ({
        ok: false,
        error: { code: 'UNKNOWN_CURRENCY', message: 'Unknown currency code "DOGE"', status: 400 },
      }),
    });

    const code = await runCli(words('currencies disable doge --json'), cli.ctx);

    expect(code).toBe(EXIT.failed);
    expect(cli.calls).toEqual([{ rpc: 'pricing.currencies.set', body: { code: 'DOGE', enabled: false } }]);
    expect(cli.stderr()).toBe('swapctl: Unknown currency code "DOGE"\n');
    expect(JSON.parse(cli.stdout())).toEqual({
      error: { code: 'UNKNOWN_CURRENCY', message: 'Unknown currency code "DOGE"' },
    });
  });
});

describe('swapctl pairs', () => {
  const pairs = [
    { from: 'BTC', to: 'XMR', enabled: false, min: null, updatedAt: AT },
    { from: 'USDTERC', to: 'BTC', enabled: true, min: '25', updatedAt: AT },
  ];

  it('lists the pairs with settings as a table, and as received with --json', async () => {
    const cli = fakeCli({ 'pricing.pairs.list': ok(pairs) });

    await runCli(words('pairs list'), cli.ctx);
    await runCli(words('pairs list --json'), cli.ctx);

    expect(cli.calls).toEqual([
      { rpc: 'pricing.pairs.list', body: {} },
      { rpc: 'pricing.pairs.list', body: {} },
    ]);
    const [human, json] = cli.stdout().split(/(?<=\n)(?=\[)/);
    expect(human.split('\n')).toEqual([
      'FROM     TO   STATE        MIN',
      'BTC      XMR  MAINTENANCE  currency default',
      'USDTERC  BTC  in service   25 USDTERC',
      '',
    ]);
    expect(JSON.parse(json)).toEqual(pairs);
  });

  it('says so when no pair has settings', async () => {
    const cli = fakeCli({ 'pricing.pairs.list': ok([]) });

    await runCli(words('pairs list'), cli.ctx);

    expect(cli.stdout()).toBe('no pair settings: every pair is in service at its currency minimum\n');
  });

  it('disables and enables a pair and prints the result', async () => {
    const cli = fakeCli({ 'pricing.pairs.set': setPairReply });

    await runCli(words('pairs disable btc eth'), cli.ctx);
    await runCli(words('pairs enable BTC ETH --json'), cli.ctx);

    expect(cli.calls).toStrictEqual([
      { rpc: 'pricing.pairs.set', body: { from: 'BTC', to: 'ETH', enabled: false } },
      { rpc: 'pricing.pairs.set', body: { from: 'BTC', to: 'ETH', enabled: true } },
    ]);
    const [human, json] = cli.stdout().split(/(?<=\n)(?=\{)/);
    expect(human).toBe('BTC → ETH: MAINTENANCE, min currency default\n');
    expect(JSON.parse(json)).toEqual({ from: 'BTC', to: 'ETH', enabled: true, min: null, updatedAt: AT });
  });

  it('sets a minimum as typed, and `default` sends null (back to the currency minimum)', async () => {
    const cli = fakeCli({ 'pricing.pairs.set': setPairReply });

    await runCli(words('pairs min ltc btc 0.5'), cli.ctx);
    await runCli(words('pairs min LTC BTC default'), cli.ctx);
    await runCli(words('pairs min LTC BTC DEFAULT --json'), cli.ctx);

    expect(cli.calls.map((c) => c.body)).toStrictEqual([
      { from: 'LTC', to: 'BTC', min: '0.5' },
      { from: 'LTC', to: 'BTC', min: null },
      { from: 'LTC', to: 'BTC', min: null },
    ]);
    const [human, json] = cli.stdout().split(/(?<=\n)(?=\{)/);
    expect(human).toBe('LTC → BTC: in service, min 0.5 LTC\nLTC → BTC: in service, min currency default\n');
    expect(JSON.parse(json)).toEqual({ from: 'LTC', to: 'BTC', enabled: true, min: null, updatedAt: AT });
  });

  it.each([
    ['pairs min BTC ETH lots', 'min must be a plain decimal such as 0.01, or default'],
    ['pairs min BTC ETH', "missing required argument 'amount'"],
    ['pairs disable BTC', "missing required argument 'to'"],
    ['pairs', 'a subcommand is required'],
  ])('rejects `%s` with exit 2 without asking the bus', async (line, message) => {
    const cli = fakeCli();

    expect(await runCli(words(line), cli.ctx)).toBe(EXIT.usage);

    expect(cli.calls).toEqual([]);
    expect(cli.stderr().trimEnd().split('\n').pop()).toContain(message);
  });

  it("shows the service's refusal of a minimum as the CLI error, exit 1", async () => {
    const cli = fakeCli({
      'pricing.pairs.set': () => ({
        ok: false,
        error: { code: 'BELOW_MINIMUM', message: 'Amount is below the minimum of 0.0001 BTC', status: 400 },
      }),
    });

    const code = await runCli(words('pairs min BTC ETH 0.00001'), cli.ctx);

    expect(code).toBe(EXIT.failed);
    expect(cli.calls).toEqual([
      { rpc: 'pricing.pairs.set', body: { from: 'BTC', to: 'ETH', min: '0.00001' } },
    ]);
    expect(cli.stderr()).toBe('swapctl: Amount is below the minimum of 0.0001 BTC\n');
    expect(cli.stdout()).toBe('');
  });
});

describe('swapctl help', () => {
  it('lists the pricing commands with the others', async () => {
    const cli = fakeCli();

    expect(await runCli(['--help'], cli.ctx)).toBe(EXIT.ok);
    expect(await runCli(words('currencies --help'), cli.ctx)).toBe(EXIT.ok);
    expect(await runCli(words('pairs --help'), cli.ctx)).toBe(EXIT.ok);

    const help = cli.stdout();
    expect(help).toMatch(/^ {2}prices \[options\]\s+each coin's USD price/m);
    expect(help).toMatch(/^ {2}currencies\s+per-currency maintenance switches/m);
    expect(help).toMatch(/^ {2}pairs\s+per-pair maintenance switches/m);
    expect(help).toMatch(/^ {2}liquidity \[options\] <code> <percent>/m);
    expect(help).toMatch(/^ {2}disable \[options\] <code>/m);
    expect(help).toMatch(/^ {2}min \[options\] <from> <to> <amount>/m);
  });
});
