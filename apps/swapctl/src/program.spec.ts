import { CliError, EXIT } from './cli-error';
import { runCli } from './program';
import { fakeCli } from './test/fake-bus';
import { keyInfo, swapSnapshot } from './test/fixtures';

const ok = (data: unknown) => () => ({ ok: true, data });
const words = (line: string) => line.split(' ');

describe('swapctl keys', () => {
  it('creates a key with the defaults and prints key and secret as one JSON document', async () => {
    const cli = fakeCli({ 'gateway.keys.create': ok({ key: 'k_new', secret: 's3cret' }) });

    const code = await runCli(words('keys create --json'), cli.ctx);

    expect(code).toBe(EXIT.ok);
    expect(cli.calls).toEqual([
      {
        rpc: 'gateway.keys.create',
        body: {
          label: null,
          fixedRateEnabled: false,
          dryrunEnabled: false,
          autoExecuteOnMismatch: false,
          ipWhitelist: [],
          partnerPercent: '0',
          feeShare: '0',
          rateLimit: 30,
        },
      },
    ]);
    expect(JSON.parse(cli.stdout())).toEqual({ key: 'k_new', secret: 's3cret' });
    expect(cli.stderr()).toBe('');
  });

  it('maps every create option onto the request', async () => {
    const cli = fakeCli({ 'gateway.keys.create': ok({ key: 'k_new', secret: 's3cret' }) });
    const argv = [
      ...words('keys create --label'),
      'my shop',
      ...words('--fixed-rate --dry-run --auto-execute-on-mismatch --ip 10.0.0.0/8 --ip 203.0.113.7'),
      ...words('--partner-percent 0.25 --rate-limit 120'),
    ];

    expect(await runCli(argv, cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls[0].body).toEqual({
      label: 'my shop',
      fixedRateEnabled: true,
      dryrunEnabled: true,
      autoExecuteOnMismatch: true,
      ipWhitelist: ['10.0.0.0/8', '203.0.113.7'],
      partnerPercent: '0.25',
      feeShare: '0',
      rateLimit: 120,
    });
    expect(cli.stdout()).toContain('secret  s3cret');
    expect(cli.stdout()).toContain('shown only this once');
  });

  it('creates a key with a fee-share agreement (D19)', async () => {
    const cli = fakeCli({ 'gateway.keys.create': ok({ key: 'k_new', secret: 's3cret' }) });

    expect(await runCli(words('keys create --fee-share 30 --json'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls[0].body).toMatchObject({ partnerPercent: '0', feeShare: '30' });
  });

  it("sets a key's agreement, saying which one it replaced", async () => {
    const cli = fakeCli({
      'gateway.keys.set-agreement': (body) => {
        const { key, agreement } = body as {
          key: string;
          agreement: { partnerPercent: string; feeShare: string };
        };
        return {
          ok: true,
          data: { info: keyInfo({ key, ...agreement }), before: { partnerPercent: '0.5', feeShare: '0' } },
        };
      },
    });

    expect(await runCli(words('keys set k_1 --fee-share 25.5'), cli.ctx)).toBe(EXIT.ok);
    expect(await runCli(words('keys set k_1 --partner-percent 0 --json'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls.map((c) => c.body)).toEqual([
      { key: 'k_1', agreement: { partnerPercent: '0', feeShare: '25.5' } },
      { key: 'k_1', agreement: { partnerPercent: '0', feeShare: '0' } },
    ]);
    const [human, json] = cli.stdout().split(/\n(?=\{)/);
    expect(human).toMatch(/^replaced the volume share: 0\.5 % added to the service fee\n/);
    expect(human).toContain('agreement                 fee share: 25.5 % of the service fee\n');
    expect(JSON.parse(json)).toMatchObject({
      info: { key: 'k_1', partnerPercent: '0', feeShare: '0' },
      before: { partnerPercent: '0.5', feeShare: '0' },
    });
  });

  it('shows one key with its agreement, and says when there is no such key', async () => {
    const cli = fakeCli({
      'gateway.keys.list': ok([keyInfo({ key: 'k_1', partnerPercent: '0', feeShare: '30' })]),
    });

    expect(await runCli(words('keys show k_1'), cli.ctx)).toBe(EXIT.ok);
    expect(cli.stdout()).toContain('agreement                 fee share: 30 % of the service fee\n');
    expect(await runCli(words('keys show k_2'), cli.ctx)).toBe(EXIT.failed);
    expect(cli.stderr()).toBe('swapctl: No API key k_2\n');
  });

  it('disables and enables a key and prints its settings', async () => {
    const cli = fakeCli({
      'gateway.keys.set-disabled': (body) => {
        const { key, disabled } = body as { key: string; disabled: boolean };
        return { ok: true, data: keyInfo({ key, disabled }) };
      },
    });

    await runCli(words('keys disable k_1 --json'), cli.ctx);
    await runCli(words('keys enable k_1'), cli.ctx);

    expect(cli.calls.map((c) => c.body)).toEqual([
      { key: 'k_1', disabled: true },
      { key: 'k_1', disabled: false },
    ]);
    const [json, human] = cli.stdout().split(/(?<=^\})\n/m);
    expect(JSON.parse(json)).toMatchObject({ key: 'k_1', disabled: true });
    expect(human).toMatch(/^key k_1 is enabled\n/);
    expect(human).not.toContain('secret');
  });

  it('reports a business error on stderr, as JSON on stdout with --json, and exits 1', async () => {
    const cli = fakeCli({
      'gateway.keys.set-disabled': () => ({
        ok: false,
        error: { code: 'KEY_NOT_FOUND', message: 'No API key k_x', status: 404 },
      }),
    });

    const code = await runCli(words('keys disable k_x --json'), cli.ctx);

    expect(code).toBe(EXIT.failed);
    expect(cli.stderr()).toBe('swapctl: No API key k_x\n');
    expect(JSON.parse(cli.stdout())).toEqual({ error: { code: 'KEY_NOT_FOUND', message: 'No API key k_x' } });
  });
});

describe('swapctl swaps', () => {
  it('shows one swap as the engine snapshot', async () => {
    const cli = fakeCli({ 'engine.swap.show': ok(swapSnapshot()) });

    expect(await runCli(words('swaps show AbCdEfGhIj --json'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toEqual([{ rpc: 'engine.swap.show', body: { id: 'AbCdEfGhIj' } }]);
    expect(JSON.parse(cli.stdout())).toEqual(swapSnapshot());
  });

  it('lists swaps with limit 50 and no status by default', async () => {
    const cli = fakeCli({ 'engine.swap.list': ok([swapSnapshot(), swapSnapshot({ id: 'ZyXwVuTsRq' })]) });

    await runCli(words('swaps list'), cli.ctx);

    expect(cli.calls[0].body).toEqual({ status: null, limit: 50 });
    expect(cli.stdout().trimEnd().split('\n')).toHaveLength(3);
  });

  it('passes a status filter (any letter case) and a limit', async () => {
    const cli = fakeCli({ 'engine.swap.list': ok([]) });

    await runCli(words('swaps list --status failed --limit 5 --json'), cli.ctx);

    expect(cli.calls[0].body).toEqual({ status: 'FAILED', limit: 5 });
    expect(JSON.parse(cli.stdout())).toEqual([]);
  });
  it("lists every deposit to the swap's address, a late one included", async () => {
    const deposit = {
      depositId: 'LTC:ab:0',
      txid: 'ab',
      index: 0,
      currency: 'LTC',
      address: 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
      amount: '150000000',
      confirmations: 2,
      blockHeight: 812,
      blockHash: 'cd',
      reverted: false,
      credited: true,
      handling: null,
      firstSeenAt: 1_763_900_000,
      returned: null,
    };
    const cli = fakeCli({
      'engine.swap.deposits': ok([
        deposit,
        { ...deposit, depositId: 'LTC:ef:1', blockHeight: null, credited: false },
      ]),
    });

    await runCli(words('swaps deposits AbCdEfGhIj'), cli.ctx);

    expect(cli.calls).toEqual([{ rpc: 'engine.swap.deposits', body: { id: 'AbCdEfGhIj' } }]);
    const lines = cli.stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^LTC:ab:0\s+1\.5\b.*\s2\s+812\s+on chain\s+yes/);
    expect(lines[2]).toMatch(/mempool\s+on chain\s+no/);
  });

  it('returns a late deposit to the address given, and prints the return', async () => {
    const ret = {
      returnId: 'AbCdEfGhIj-return-1',
      swapId: 'AbCdEfGhIj',
      depositId: 'LTC:ef:1',
      network: 'LTC',
      currency: 'LTC',
      address: 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
      deposited: '100000000',
      amount: '99000000',
      state: 'requested',
      txid: null,
      fee: null,
      feeCurrency: null,
      confirmations: 0,
      reason: null,
      requestedAt: 1_763_900_000,
      updatedAt: 1_763_900_000,
    };
    const cli = fakeCli({ 'engine.swap.return-deposit': ok(ret) });

    await runCli(words(`swaps return-deposit AbCdEfGhIj LTC:ef:1 --address ${ret.address}`), cli.ctx);

    expect(cli.calls).toEqual([
      {
        rpc: 'engine.swap.return-deposit',
        body: { id: 'AbCdEfGhIj', depositId: 'LTC:ef:1', address: ret.address },
      },
    ]);
    expect(cli.stdout()).toContain('returned     0.99 LTC (less the 1 % refund fee)\n');
  });
});

describe('swapctl failures', () => {
  it.each([
    ['keys create --partner-percent 10', 'partner percent must be below 10'],
    [
      'keys create --partner-percent 0.1 --fee-share 30',
      "option '--fee-share <p>' cannot be used with option '--partner-percent <p>'",
    ],
    ['keys create --fee-share 0', 'fee share must be a percent above 0 and at most 100'],
    ['keys set k_1 --fee-share 100.5', 'fee share must be a percent above 0 and at most 100'],
    ['keys set k_1 --fee-share 33.3333', 'with at most 3 decimal places'],
    ['keys set k_1 --fee-share 30 --partner-percent 0', 'cannot be used with option'],
    ['keys set k_1', 'give the agreement to set: --fee-share P or --partner-percent P'],
    ['keys create --rate-limit 0', 'rate limit must be a whole number'],
    ['keys create --ip 10.0.0.0/40', 'ip must be an IP address or a CIDR block'],
    ['swaps list --status LOST', 'status must be one of NEW, PENDING'],
    ['swaps list --limit many', 'limit must be a whole number'],
    ['swaps show', "missing required argument 'id'"],
    ['keys rotate', "unknown command 'rotate'"],
    ['keys', 'a subcommand is required'],
  ])('rejects `%s` with exit 2 without asking the bus', async (line, message) => {
    const cli = fakeCli();

    const code = await runCli(words(line), cli.ctx);

    expect(code).toBe(EXIT.usage);
    expect(cli.calls).toEqual([]);
    const lastLine = cli.stderr().trimEnd().split('\n').pop();
    expect(lastLine).toMatch(/^swapctl: /);
    expect(lastLine).toContain(message);
    expect(cli.stdout()).toBe('');
  });

  it('prints exactly one JSON error document for a usage error with --json', async () => {
    const cli = fakeCli();

    await runCli(words('swaps list --status LOST --json'), cli.ctx);

    expect(JSON.parse(cli.stdout())).toEqual({
      error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('status must be one of') },
    });
  });

  it('passes an unreachable service through with its own message and exit code', async () => {
    const cli = fakeCli();
    const unreachable = new CliError(
      'SERVICE_UNREACHABLE',
      'the gateway is not reachable on the bus at nats://127.0.0.1:4222: is the service running?',
      EXIT.unreachable,
    );
    cli.ctx.withBus = () => Promise.reject(unreachable);

    const code = await runCli(words('keys list --json'), cli.ctx);

    expect(code).toBe(EXIT.unreachable);
    expect(cli.stderr()).toBe(`swapctl: ${unreachable.message}\n`);
    expect(JSON.parse(cli.stdout()).error.code).toBe('SERVICE_UNREACHABLE');
  });

  it('prints help on stdout and exits 0', async () => {
    const cli = fakeCli();

    expect(await runCli(['--help'], cli.ctx)).toBe(EXIT.ok);
    expect(cli.stdout()).toContain('Usage: swapctl');
  });
});
