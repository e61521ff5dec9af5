import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountPublicKey, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import { EXIT } from './cli-error';
import { runCli } from './program';
import { fakeCli } from './test/fake-bus';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('swapctl keys derive (disaster recovery)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'derive-'));
  const file = join(dir, 'treasury.mnemonic');
  writeFileSync(file, `${PHRASE}\n`);
  const seed = mnemonicToSeed(PHRASE);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the address and its derivation, and no key unless asked by name', async () => {
    const cli = fakeCli();
    expect(await runCli(['keys', 'derive', 'SOL', '12', '--mnemonic-file', file, '--json'], cli.ctx)).toBe(
      EXIT.ok,
    );
    const printed = JSON.parse(cli.stdout());
    expect(printed).toMatchObject({
      network: 'SOL',
      index: 12,
      address: depositAddress('SOL', accountPublicKey(seed, 'SOL'), 12),
      format: 'ed25519-scalar',
    });
    expect(printed.privateKey).toBeUndefined();
    expect(cli.calls).toEqual([]);
  });

  it('prints the private key with --show-private on a terminal, with a warning (WIF too for BTC and LTC)', async () => {
    const cli = fakeCli({}, { terminal: true });
    const args = ['keys', 'derive', 'BTC', '3', '--mnemonic-file', file, '--show-private'];
    expect(await runCli(args, cli.ctx)).toBe(EXIT.ok);
    expect(cli.stdout()).toMatch(/private key \(secp256k1\): [0-9a-f]{64}/);
    expect(cli.stdout()).toMatch(/WIF: [KL]/);
    expect(cli.stdout()).toContain("BIP32 m/84'/0'/0'/0/3");
    expect(cli.stderr()).toMatch(/^warning: the private key below controls the funds/);
  });

  it('refuses to print a private key to a pipe or a file unless told to by name', async () => {
    const args = ['keys', 'derive', 'ETH', '0', '--mnemonic-file', file, '--show-private', '--json'];
    const piped = fakeCli();
    expect(await runCli(args, piped.ctx)).toBe(EXIT.usage);
    expect(piped.stdout()).not.toMatch(/privateKey|[0-9a-f]{64}/);
    expect(piped.stdout() + piped.stderr()).toMatch(/--allow-non-terminal/);
    const allowed = fakeCli();
    expect(await runCli([...args, '--allow-non-terminal'], allowed.ctx)).toBe(EXIT.ok);
    expect(JSON.parse(allowed.stdout()).privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(allowed.stderr()).toMatch(/^warning: the private key below/);
  });

  it('refuses an unknown network or a bad index (2)', async () => {
    for (const args of [
      ['keys', 'derive', 'DOGE', '1', '--mnemonic-file', file],
      ['keys', 'derive', 'TRX', '-1', '--mnemonic-file', file],
      ['keys', 'derive', 'TRX', '2147483648', '--mnemonic-file', file],
    ]) {
      const cli = fakeCli();
      expect(await runCli(args, cli.ctx)).toBe(EXIT.usage);
    }
  });
});
