import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountPublicKeys, mnemonicToSeed } from '@swap/chain-keys';
import { EXIT } from './cli-error';
import { runCli } from './program';
import { fakeCli } from './test/fake-bus';
import { readMnemonic } from './xpubs.command';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('swapctl keys xpubs (D11)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xpubs-'));
  const file = join(dir, 'treasury.mnemonic');
  writeFileSync(file, `${PHRASE}\n`);
  const expected = accountPublicKeys(mnemonicToSeed(PHRASE));

  it('prints the seven account keys as an env file, asking no service', async () => {
    const cli = fakeCli();
    expect(await runCli(['keys', 'xpubs', '--mnemonic-file', file], cli.ctx)).toBe(EXIT.ok);
    const lines = cli.stdout().trimEnd().split('\n');
    expect(lines.map((line) => line.split('=')[0])).toEqual([
      'BTC_XPUB',
      'LTC_XPUB',
      'XMR_XPUB',
      'TRX_XPUB',
      'ETH_XPUB',
      'SOL_XPUB',
      'AVAX_XPUB',
    ]);
    expect(lines[0]).toBe(`BTC_XPUB=${expected.BTC}`);
    expect(lines[2]).toBe(`XMR_XPUB=${expected.XMR}`);
    expect(cli.calls).toEqual([]);
  });

  it('prints one JSON document with --json', async () => {
    const cli = fakeCli();
    expect(await runCli(['keys', 'xpubs', '--mnemonic-file', file, '--json'], cli.ctx)).toBe(EXIT.ok);
    expect(JSON.parse(cli.stdout())).toMatchObject({ ETH_XPUB: expected.ETH, SOL_XPUB: expected.SOL });
  });

  it('refuses a missing file (2) and a phrase that is not BIP39 (1)', async () => {
    const missing = fakeCli();
    expect(await runCli(['keys', 'xpubs', '--mnemonic-file', join(dir, 'nope'), '--json'], missing.ctx)).toBe(
      EXIT.usage,
    );
    expect(JSON.parse(missing.stdout()).error.code).toBe('MNEMONIC_MISSING');

    const bad = join(dir, 'bad.mnemonic');
    writeFileSync(bad, 'abandon '.repeat(12));
    const invalid = fakeCli();
    expect(await runCli(['keys', 'xpubs', '--mnemonic-file', bad], invalid.ctx)).toBe(EXIT.failed);
    expect(invalid.stderr()).toMatch(/not a valid English BIP39 phrase/);
  });

  it('finds the phrase: option, then TREASURY_MNEMONIC, then its file, then .data/ of npm start', () => {
    expect(readMnemonic({ mnemonicFile: file }, { TREASURY_MNEMONIC: 'inline' }, '/x')).toContain('abandon');
    expect(readMnemonic({}, { TREASURY_MNEMONIC: 'inline', TREASURY_MNEMONIC_FILE: '/nope' }, '/x')).toBe(
      'inline',
    );
    expect(readMnemonic({}, { TREASURY_MNEMONIC_FILE: file }, '/x')).toContain('abandon');
    const embedded = mkdtempSync(join(tmpdir(), 'embedded-'));
    expect(() => readMnemonic({}, {}, embedded)).toThrow(/\.data\/treasury\.mnemonic/);
  });
});
