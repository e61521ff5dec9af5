import { EXIT } from './cli-error';
import { fractionAsPercent } from './pricing.format';
import { runCli } from './program';
import { fakeCli } from './test/fake-bus';

const ok = (data: unknown) => () => ({ ok: true, data });
const words = (line: string) => line.split(' ');
const NOW = 1_767_225_600_000;

const prices = [
  {
    coin: 'BTC',
    usd: '65000.5',
    at: NOW - 3_400,
    minSources: 2,
    maxDeviation: '0.02',
    sources: [
      { name: 'binance', status: 'used', usd: '65000.5', at: NOW - 3_400 },
      { name: 'kraken', status: 'used', usd: '65001', at: NOW - 2_000 },
      {
        name: 'coinbase',
        status: 'outlier',
        usd: '70000',
        at: NOW - 1_000,
        detail: '7.69 % from the median',
      },
      { name: 'bitstamp', status: 'stale', usd: '64990', at: NOW - 45_000, detail: '45 s old' },
    ],
  },
  {
    coin: 'XMR',
    usd: null,
    at: NOW,
    reason: '1 fresh source within 2.5 % of the median, 2 needed',
    minSources: 2,
    maxDeviation: '0.025',
    sources: [
      { name: 'kraken', status: 'used', usd: '160.25', at: NOW - 5_000 },
      { name: 'binance', status: 'unlisted', usd: null, at: NOW - 3_000 },
      { name: 'okx', status: 'failed', usd: null, at: null, detail: 'HTTP 503' },
    ],
  },
];

describe('swapctl prices', () => {
  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
  afterEach(() => jest.restoreAllMocks());

  it('prints the entries exactly as the pricing service sent them with --json', async () => {
    const cli = fakeCli({ 'pricing.prices.list': ok(prices) });

    expect(await runCli(words('prices --json'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toEqual([{ rpc: 'pricing.prices.list', body: {} }]);
    expect(JSON.parse(cli.stdout())).toEqual(prices);
    expect(cli.stderr()).toBe('');
  });

  it('shows each coin with its age, sources and deviation, then what each source contributed', async () => {
    const cli = fakeCli({ 'pricing.prices.list': ok(prices) });

    expect(await runCli(words('prices'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.stdout().split('\n')).toEqual([
      'BTC  65000.5 USD  age 3 s  sources used 2 (min 2)  max deviation 2 %',
      '  binance   used     65000.5  3 s',
      '  kraken    used     65001    2 s',
      '  coinbase  outlier  70000    1 s   7.69 % from the median',
      '  bitstamp  stale    64990    45 s  45 s old',
      'XMR  unavailable: 1 fresh source within 2.5 % of the median, 2 needed  age 0 s  sources used 1 (min 2)  max deviation 2.5 %',
      '  kraken   used      160.25  5 s',
      '  binance  unlisted  -       3 s',
      '  okx      failed    -       -    HTTP 503',
      '',
    ]);
  });

  it('says so when no coin has been priced yet', async () => {
    const cli = fakeCli({ 'pricing.prices.list': ok([]) });

    await runCli(words('prices'), cli.ctx);

    expect(cli.stdout()).toBe('no prices yet: the pricing service has not priced any coin\n');
  });

  it.each([
    ['0.02', '2'],
    ['0.025', '2.5'],
    ['0.1', '10'],
    ['0.0005', '0.05'],
    ['1', '100'],
    ['0', '0'],
  ])('shows a deviation of %s as %s %%', (fraction, percent) => {
    expect(fractionAsPercent(fraction)).toBe(percent);
  });
});
