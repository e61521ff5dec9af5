import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromSeed } from '@nats-io/nkeys';
import { busCredentialsFromEnv, inboxPrefixOf } from '@swap/bus';
import { BUS_IDENTITIES } from '@swap/contracts';
import { EXIT } from './cli-error';
import { runCli } from './program';
import { fakeCli } from './test/fake-bus';

const publicKeyOf = (seedFile: string) =>
  fromSeed(new TextEncoder().encode(readFileSync(seedFile, 'utf8').trim())).getPublicKey();

/** The users of an `authorization` block as serverAuthorization writes them: `# identity`, then its JSON. */
function usersOf(
  config: string,
): Record<string, { nkey: string; permissions?: { publish: { allow: string[] } } }> {
  return Object.fromEntries(
    [...config.matchAll(/# (\w+)\n\s*(\{.*\})/g)].map(([, id, json]) => [id, JSON.parse(json)]),
  );
}

describe('swapctl bus (offline)', () => {
  const root = mkdtempSync(join(tmpdir(), 'swapctl-bus-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('makes one owner-only seed per identity and prints their public keys as the chart’s values', async () => {
    const dir = join(root, 'keys');
    const cli = fakeCli();
    expect(await runCli(['bus', 'keys', '--out', dir], cli.ctx)).toBe(EXIT.ok);
    for (const identity of BUS_IDENTITIES) {
      const seedFile = join(dir, `${identity}.nk`);
      expect({ identity, mode: statSync(seedFile).mode & 0o777 }).toEqual({ identity, mode: 0o600 });
      expect(cli.stdout()).toContain(`\n    ${identity}: ${publicKeyOf(seedFile)}\n`);
      // A service started with it proves to be that identity.
      expect(busCredentialsFromEnv({ NATS_NKEY_SEED_FILE: seedFile }).source).toBe(`nkey seed ${seedFile}`);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(cli.stdout()).toContain('bus:\n  publicKeys:\n');
    expect(cli.stdout()).toContain(`${BUS_IDENTITIES.length} made, 0 kept`);
    expect(cli.calls).toEqual([]);
  });

  it('keeps the seeds it finds, so a second run prints the same keys (--json)', async () => {
    const dir = join(root, 'again');
    const first = fakeCli();
    await runCli(['bus', 'keys', '--out', dir, '--json'], first.ctx);
    rmSync(join(dir, 'notifier.nk'));
    const second = fakeCli();
    expect(await runCli(['bus', 'keys', '--out', dir, '--json'], second.ctx)).toBe(EXIT.ok);
    const [before, after] = [first, second].map((cli) => JSON.parse(cli.stdout()));
    expect(before.made).toEqual([...BUS_IDENTITIES]);
    expect(after.made).toEqual(['notifier']);
    const { notifier: _old, ...kept } = before.publicKeys;
    expect(after.publicKeys).toMatchObject(kept);
    expect(after.publicKeys.notifier).not.toBe(before.publicKeys.notifier);
    expect(after.seedFiles.gateway).toBe(join(dir, 'gateway.nk'));
  });

  it('writes the authorization block admitting exactly those keys, with the devnet only when asked', async () => {
    const dir = join(root, 'server');
    await runCli(['bus', 'keys', '--out', dir], fakeCli().ctx);
    const file = join(root, 'nats.conf');
    const cli = fakeCli();
    expect(await runCli(['bus', 'server-config', '--keys', dir, '--out', file], cli.ctx)).toBe(EXIT.ok);
    const users = usersOf(readFileSync(file, 'utf8'));
    expect(Object.keys(users)).toEqual(BUS_IDENTITIES.filter((identity) => identity !== 'devnet'));
    for (const [identity, user] of Object.entries(users))
      expect(user.nkey).toBe(publicKeyOf(join(dir, `${identity}.nk`)));
    expect(users['gateway'].permissions?.publish.allow).not.toContain('treasury.rpc.sign-transfer');
    expect(users['refunds'].permissions?.publish.allow).toContain('treasury.rpc.sign-transfer');
    expect(users['treasury'].permissions?.publish.allow).not.toContain('devnet.rpc.tip');
    expect(readFileSync(file, 'utf8')).toMatch(/^authorization \{\n {2}users: \[\n/);
    expect(statSync(file).mode & 0o777).toBe(0o644);

    const devnet = fakeCli();
    expect(await runCli(['bus', 'server-config', '--keys', dir, '--devnet', '--json'], devnet.ctx)).toBe(
      EXIT.ok,
    );
    const printed = JSON.parse(devnet.stdout());
    const withDevnet = usersOf(printed.config);
    expect(Object.keys(withDevnet)).toEqual([...BUS_IDENTITIES]);
    expect(withDevnet['treasury'].permissions?.publish.allow).toContain('devnet.rpc.tip');
    expect(printed).toMatchObject({ file: null, publicKeys: { devnet: withDevnet['devnet'].nkey } });
    expect(withDevnet['operator'].permissions).toMatchObject({
      subscribe: { allow: [`${inboxPrefixOf('operator')}.>`] },
    });
  });

  it('refuses a server configuration for seeds that were never made, naming them (2)', async () => {
    const dir = join(root, 'partial');
    await runCli(['bus', 'keys', '--out', dir], fakeCli().ctx);
    rmSync(join(dir, 'engine.nk'));
    const cli = fakeCli();
    expect(await runCli(['bus', 'server-config', '--keys', dir, '--json'], cli.ctx)).toBe(EXIT.usage);
    expect(JSON.parse(cli.stdout()).error).toMatchObject({ code: 'SEEDS_MISSING' });
    expect(cli.stderr()).toContain(
      `no seed for engine in ${dir} (engine.nk): make them with swapctl bus keys`,
    );
  });

  it('names the directory it cannot write, and a seed file that holds no seed (1)', async () => {
    const locked = mkdtempSync(join(root, 'locked-'));
    const garbled = join(root, 'garbled');
    await runCli(['bus', 'keys', '--out', garbled], fakeCli().ctx);
    writeFileSync(join(garbled, 'pricing.nk'), 'not a seed\n');
    chmodSync(locked, 0o500);
    try {
      const cli = fakeCli();
      const code = await runCli(['bus', 'keys', '--out', join(locked, 'inner')], cli.ctx);
      // root may write anywhere; anyone else is refused with the reason.
      if (process.getuid?.() !== 0) {
        expect(code).toBe(EXIT.failed);
        expect(cli.stderr()).toMatch(/inner: cannot write or read it \(EACCES\)/);
      }
    } finally {
      chmodSync(locked, 0o700);
    }
    const cli = fakeCli();
    expect(await runCli(['bus', 'keys', '--out', garbled], cli.ctx)).toBe(EXIT.failed);
    expect(cli.stderr()).toContain(`${join(garbled, 'pricing.nk')} is not a user nkey seed`);
  });

  it('needs --out and --keys (2)', async () => {
    for (const args of [
      ['bus', 'keys'],
      ['bus', 'server-config'],
    ]) {
      const cli = fakeCli();
      expect(await runCli(args, cli.ctx)).toBe(EXIT.usage);
      expect(cli.stderr()).toMatch(/required option '--(out|keys) <dir>' not specified/);
    }
  });
});
