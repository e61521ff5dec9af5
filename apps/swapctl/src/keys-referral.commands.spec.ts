import { EXIT } from './cli-error';
import { runCli } from './program';
import { answer, fakeCli, refusal } from './test/fake-bus';

const words = (line: string) => line.split(' ');

const CODE = 'Rf7Hq2mXv9Lp';
const URL = `https://swap.example/swap/new?ref=${CODE}`;
const issued = { key: 'k_1', code: CODE, url: URL };
const listed = [
  { ...issued, createdAt: 1735689600, revokedAt: null },
  {
    key: 'k_1',
    code: 'Old0Code0001',
    url: 'https://swap.example/swap/new?ref=Old0Code0001',
    createdAt: 1735600000,
    revokedAt: 1735689000,
  },
];

describe('swapctl keys referral (D19)', () => {
  it('issues a code and prints {"key","code","url"} with --json', async () => {
    const cli = fakeCli({ 'gateway.referrals.issue': answer(issued) });

    expect(await runCli(words('keys referral k_1 --json'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toEqual([{ rpc: 'gateway.referrals.issue', body: { key: 'k_1' } }]);
    expect(JSON.parse(cli.stdout())).toStrictEqual(issued);
  });

  it("lists the key's codes with their created and revoked times", async () => {
    const cli = fakeCli({ 'gateway.referrals.list': answer(listed) });

    await runCli(words('keys referral k_1 --list'), cli.ctx);
    await runCli(words('keys referral k_1 --list --json'), cli.ctx);

    expect(cli.calls.map((call) => call.rpc)).toEqual(['gateway.referrals.list', 'gateway.referrals.list']);
    const [human, json] = cli.stdout().split(/\n(?=\[)/);
    const lines = human.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CODE\s+CREATED\s+REVOKED\s+URL$/);
    expect(lines[1]).toMatch(
      new RegExp(`^${CODE}\\s+2025-01-01 00:00:00Z?\\s+-\\s+${URL.replace(/[?]/g, '\\?')}`),
    );
    expect(lines[2]).toMatch(/^Old0Code0001\s+2024-12-30 23:06:40Z\s+2024-12-31 23:50:00Z\s+https:/);
    expect(JSON.parse(json)).toStrictEqual(listed);
  });

  it('revokes one code, and passes a refusal through', async () => {
    const cli = fakeCli({
      'gateway.referrals.revoke': (body) =>
        (body as { code: string }).code === CODE
          ? { ok: true, data: { ...issued, createdAt: 1735689600, revokedAt: 1735689660 } }
          : refusal('REFERRAL_NOT_FOUND', 'No referral code nope of API key k_1')(),
    });

    expect(await runCli(words(`keys referral k_1 --revoke ${CODE}`), cli.ctx)).toBe(EXIT.ok);
    expect(cli.stdout()).toMatch(new RegExp(`^referral code ${CODE} revoked 2025-01-01`));
    expect(await runCli(words('keys referral k_1 --revoke nope'), cli.ctx)).toBe(EXIT.failed);
    expect(cli.stderr()).toBe('swapctl: No referral code nope of API key k_1\n');
    expect(cli.calls.map((call) => call.body)).toEqual([
      { key: 'k_1', code: CODE },
      { key: 'k_1', code: 'nope' },
    ]);
  });

  it('refuses --list with --revoke without asking the bus', async () => {
    const cli = fakeCli();

    expect(await runCli(words(`keys referral k_1 --list --revoke ${CODE}`), cli.ctx)).toBe(EXIT.usage);
    expect(cli.calls).toEqual([]);
    expect(cli.stderr()).toContain("option '--revoke <code>' cannot be used with option '--list'");
  });
});
