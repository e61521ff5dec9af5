import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CURRENCY_CODES, NETWORKS } from '@swap/domain';
import { SERVICE_DATABASES } from '@swap/persistence';
import { EXCHANGE_NAMES, PRICED_COINS } from '@swap/pricing';
import {
  anchorsOf,
  brokenLinks,
  compareVariables,
  docFiles,
  documentedVariables,
  githubSlug,
  sourceFiles,
  variablesInSource,
  variablesRead,
} from './support/docs-check';

// README.md and docs/ are held to two rules (issue 33):
// - every relative link leads to a file of the repository, and every #anchor to a heading there;
// - the configuration tables (a table whose first column is headed "Variable") name exactly the
//   environment variables the code reads: every variable the services, the launcher and swapctl
//   read (production TypeScript under apps/ and libs/) is named in one, and every variable named
//   in one is read by some code of the repository (those, or the tests, tools, bench and deploy
//   scripts, whose knobs docs/contributing.md lists). How reads are found: variablesInSource.
// A placeholder in a table, `<NETWORK>_RPC_URL`, stands for each value of its domain below.

const ROOT = resolve(__dirname, '../..');

const DOMAINS: Record<string, readonly string[]> = {
  NETWORK: NETWORKS,
  CODE: CURRENCY_CODES,
  COIN: PRICED_COINS,
  SOURCE: EXCHANGE_NAMES.map((name) => name.toUpperCase()),
  SERVICE: SERVICE_DATABASES.map(({ service }) => service.toUpperCase()),
};

/** Read by the launcher, but the system's, not a setting of ours. */
const NOT_CONFIGURATION = ['PATH'];

const SERVICE_SOURCES = ['apps', 'libs'];
const ALL_SOURCES = ['apps', 'libs', 'test', 'tools', 'bench', 'deploy', 'bin'];
/** This check's own files, whose examples are no reads. */
const THIS_CHECK = ['test/deploy/docs.int-spec.ts', 'test/deploy/support/docs-check.ts'];

const readByServices = () => variablesRead(ROOT, sourceFiles(ROOT, SERVICE_SOURCES, { tests: false }));
const readAnywhere = () =>
  variablesRead(
    ROOT,
    sourceFiles(ROOT, ALL_SOURCES, { tests: true }).filter((file) => !THIS_CHECK.includes(file)),
  );

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The variables every doc's configuration tables name; `edited` replaces some files' text. */
function documented(edited: ReadonlyMap<string, string> = new Map()) {
  const names = new Map<string, string>();
  const problems: string[] = [];
  for (const file of docFiles(ROOT)) {
    const text = edited.get(file) ?? read(file);
    const found = documentedVariables(text, file, DOMAINS);
    problems.push(...found.problems);
    for (const [name, where] of found.names) if (!names.has(name)) names.set(name, where);
  }
  return { names, problems };
}

describe('README.md and docs/', () => {
  it('have no broken relative link or anchor', () => {
    const files = docFiles(ROOT);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/operators.md', 'docs/integrators.md']));
    expect(brokenLinks(ROOT, files)).toEqual([]);
  });

  it('name in their configuration tables every variable the code reads, and no other', () => {
    const docs = documented();
    expect(docs.problems).toEqual([]);
    const byServices = readByServices();
    const anywhere = readAnywhere();
    // The scan finds each way the code reads a variable (a guard against a scan that finds nothing).
    expect([...byServices.keys()]).toEqual(
      expect.arrayContaining([
        'DATABASE_URL', // a config schema's key
        'LOG_LEVEL', // process.env['LOG_LEVEL']
        'NATS_NKEY_SEED_FILE', // setting(env, 'NATS_NKEY_SEED_FILE')
        '{}_RPC_URL', // nodeVariables: `${network}_RPC_URL`
        '{}_FEE_MIN_SAT_VB', // utxoConfig: integer('FEE_MIN_SAT_VB', …) through `${network}_${suffix}`
        'TREASURY_MAX_{}_{}', // limitVariable
        'EXPLORER_{}_TX', // the gateway's computed schema keys
        'STARTUP_PROGRESS_IPC', // STARTUP_IPC_ENV
      ]),
    );
    expect(docs.names.size).toBeGreaterThan(100);
    expect(compareVariables(docs.names, byServices, anywhere, NOT_CONFIGURATION)).toEqual({
      undocumented: [],
      unread: [],
    });
  });
});

describe('the docs checks themselves', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-check-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['Payout limits and the freeze', 'payout-limits-and-the-freeze'],
    [
      'Real nodes (BTC, LTC, ETH and AVAX with USDT ERC-20)',
      'real-nodes-btc-ltc-eth-and-avax-with-usdt-erc-20',
    ],
    ['`swapctl` (decision D9)', 'swapctl-decision-d9'],
    ['Start-up time: issue 31', 'start-up-time-issue-31'],
    ['A [linked](other.md) **bold** heading', 'a-linked-bold-heading'],
    ['`NATS_URL` and `<NETWORK>_RPC_URL`', 'nats_url-and-network_rpc_url'],
    ['A <br> tag', 'a--tag'],
    ['Swap → DONE, ×2', 'swap--done-2'],
  ])('slugs "%s" as GitHub does: %s', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });

  it('numbers repeated headings and ignores code blocks', () => {
    const anchors = anchorsOf(
      '# Title\n## Notes\n```sh\n# not a heading\n```\n## Notes\n    # indented code\n',
    );
    expect([...anchors]).toEqual(['title', 'notes', 'notes-1']);
  });

  it('finds a missing file, a missing anchor, and a link out of the repository', () => {
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/a.md'), '# A\n\n## Present heading\n');
    writeFileSync(
      join(dir, 'README.md'),
      [
        '# Readme',
        '[fine](docs/a.md#present-heading) [also fine](#readme) [dir](docs/) [web](https://example.com/x)',
        '[gone](docs/missing.md) [no anchor](docs/a.md#absent) [out](../elsewhere.md)',
        '`[in code](nowhere.md)`',
        '```',
        '[in a fence](nowhere.md)',
        '```',
        '![image](docs/missing.png)',
        '[ref]: docs/b.md',
      ].join('\n'),
    );
    expect(brokenLinks(dir, docFiles(dir))).toEqual([
      { file: 'README.md', line: 3, target: 'docs/missing.md', problem: 'no such file' },
      {
        file: 'README.md',
        line: 3,
        target: 'docs/a.md#absent',
        problem: 'no heading "#absent" in docs/a.md',
      },
      { file: 'README.md', line: 3, target: '../elsewhere.md', problem: 'outside the repository' },
      { file: 'README.md', line: 8, target: 'docs/missing.png', problem: 'no such file' },
      { file: 'README.md', line: 9, target: 'docs/b.md', problem: 'no such file' },
    ]);
  });

  it('reads the configuration tables, expanding placeholders', () => {
    const markdown = [
      '| Variable | Meaning |',
      '| --- | --- |',
      '| `PORT` | the port |',
      '| `<NETWORK>_XPUB` | keys |',
      '| `TREASURY_MNEMONIC(_FILE)` | the phrase |',
      '| `lower_case`, `<PLANET>_URL` | wrong |',
      '| none | wrong |',
      '',
      '| Alert | Meaning |',
      '| --- | --- |',
      '| `NOT_A_VARIABLE_TABLE` | ignored |',
    ].join('\n');
    const found = documentedVariables(markdown, 'x.md', { NETWORK: ['BTC', 'ETH'] });
    expect([...found.names.keys()]).toEqual([
      'PORT',
      'BTC_XPUB',
      'ETH_XPUB',
      'TREASURY_MNEMONIC',
      'TREASURY_MNEMONIC_FILE',
    ]);
    expect(found.problems).toEqual([
      'x.md:6: `lower_case` is not a variable name',
      'x.md:6: `<PLANET>_URL`: unknown placeholder <PLANET> (known: NETWORK)',
      'x.md:7: no `VARIABLE` in the first column',
    ]);
  });

  it('finds each way the code reads a variable', () => {
    const source = [
      "const PREFIX = 'TREASURY_MAX_';",
      "export const STARTUP_IPC_ENV = 'STARTUP_PROGRESS_IPC';",
      'const limitVariable = (code: string) => `${PREFIX}${code}_PER_DAY`;',
      "const a = process.env['LOG_LEVEL'] ?? env.LOG_FORMAT ?? env[`${network}_XPUB`] ?? env[STARTUP_IPC_ENV];",
      "const b = setting(env, 'NATS_CREDS_FILE') ?? secret(env, `${network}_XPRV`);",
      'const { TREASURY_MNEMONIC: phrase, POSTGRES_PASSWORD } = process.env;',
      "const c = env['BTC'] && lookup('NOT_READ') && env[someName];",
      'export function nodeVariables(network: string): string[] {',
      "  return network === 'XMR' ? ['XMR_DAEMON_RPC_URL'] : [`${network}_RPC_URL`];",
      '}',
    ].join('\n');
    expect(variablesInSource(source, 'x.ts')).toEqual([
      'BTC',
      'LOG_FORMAT',
      'LOG_LEVEL',
      'NATS_CREDS_FILE',
      'POSTGRES_PASSWORD',
      'STARTUP_PROGRESS_IPC',
      'TREASURY_MAX_{}_PER_DAY',
      'TREASURY_MNEMONIC',
      'XMR_DAEMON_RPC_URL',
      '{}_RPC_URL',
      '{}_XPRV',
      '{}_XPUB',
    ]);
    const config = [
      'const schema = z.object({',
      '  PORT: z.coerce.number(),',
      '  ...Object.fromEntries(NETWORKS.map((n) => [`EXPLORER_${n}_TX`, url]))',
      '});',
      'const xpub = `${network}_XPUB`;',
      'const own = z.object({ [xpub]: z.string() });',
      'const name = (suffix: string) => `${network}_${suffix}`;',
      "const wallet = text('WALLET') ?? integer('FEE_TARGET_BLOCKS', 3, 1);",
    ].join('\n');
    expect(variablesInSource(config, 'apps/x/src/x.config.ts')).toEqual([
      'EXPLORER_{}_TX',
      'PORT',
      '{}_FEE_TARGET_BLOCKS',
      '{}_WALLET',
      '{}_XPUB',
    ]);
    // The schema keys count in config files only.
    expect(variablesInSource(config, 'apps/x/src/x.module.ts')).toEqual([
      '{}_FEE_TARGET_BLOCKS',
      '{}_WALLET',
    ]);
  });

  it('reports a variable read but not named, and one named but not read, either way', () => {
    const docs = new Map([
      ['PORT', 'a.md:3'],
      ['BTC_RPC_URL', 'a.md:4'],
      ['STALE_SETTING', 'a.md:5'],
    ]);
    const code = new Map([
      ['PORT', 'x.ts'],
      ['{}_RPC_URL', 'y.ts'],
      ['NEW_SETTING', 'z.ts'],
      ['{}_WALLET', 'w.ts'],
      ['PATH', 'v.ts'],
    ]);
    expect(compareVariables(docs, code, code, ['PATH'])).toEqual({
      undocumented: ['NEW_SETTING (read in z.ts)', '<…>_WALLET (read in w.ts)'],
      unread: ['STALE_SETTING (named at a.md:5)'],
    });
  });

  it('fails on the real docs once a link breaks or a table names a variable nothing reads', () => {
    const files = docFiles(ROOT);
    const edited = new Map([
      ['docs/operators.md', `${read('docs/operators.md')}\nSee [the runbook](#runbok).\n`],
      ['README.md', `${read('README.md')}\nSee [contributing](docs/contributng.md).\n`],
    ]);
    expect(brokenLinks(ROOT, files, edited).map(({ file, target }) => `${file} → ${target}`)).toEqual([
      'README.md → docs/contributng.md',
      'docs/operators.md → #runbok',
    ]);

    edited.set(
      'docs/operators.md',
      `${read('docs/operators.md')}\n| Variable | Meaning |\n| --- | --- |\n| \`SWAP_NO_SUCH_SETTING\` | nothing |\n`,
    );
    const docs = documented(edited);
    const [byServices, anywhere] = [readByServices(), readAnywhere()];
    expect(compareVariables(docs.names, byServices, anywhere, NOT_CONFIGURATION).unread).toEqual([
      expect.stringMatching(/^SWAP_NO_SUCH_SETTING \(named at docs\/operators\.md:\d+\)$/),
    ]);
    docs.names.delete('DATABASE_URL');
    expect(compareVariables(docs.names, byServices, anywhere, NOT_CONFIGURATION).undocumented).toEqual([
      expect.stringMatching(/^DATABASE_URL \(read in /),
    ]);
  });
});
