import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');

/** Every file under a directory, relative to it. */
const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));

describe('the SDK as an npm package', () => {
  let project: string;

  beforeAll(() => {
    // An integrator's project: the package built by its own tsconfig into node_modules, nothing else.
    project = mkdtempSync(join(tmpdir(), 'sdk-package-'));
    const installed = join(project, 'node_modules', '@instant-swap', 'sdk');
    execFileSync(
      process.execPath,
      [
        require.resolve('typescript/bin/tsc'),
        '-p',
        join(root, 'tsconfig.build.json'),
        '--outDir',
        join(installed, 'dist'),
      ],
      { stdio: 'pipe' },
    );
    for (const file of ['package.json', 'README.md']) cpSync(join(root, file), join(installed, file));
  }, 60_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('builds JavaScript and declarations that import no workspace library', () => {
    const dist = join(project, 'node_modules', '@instant-swap', 'sdk', 'dist');
    const built = files(dist);
    expect(built).toEqual(expect.arrayContaining(['index.js', 'index.d.ts', 'lib/api-types.generated.d.ts']));
    const imports = /(?:require\(|import\(|from\s)\s*['"]@swap\//;
    const workspace = built.filter((file) => imports.test(readFileSync(join(dist, file), 'utf8')));
    expect(workspace).toEqual([]);
  });

  it('is required from plain JavaScript: signs a call and verifies a webhook', () => {
    writeFileSync(
      join(project, 'check.js'),
      `
const { SwapClient, computeSignature, verifyWebhook, webhookSignature } = require('@instant-swap/sdk');
const sent = [];
const fetch = async (url, init) => {
  sent.push({ url: String(url), init });
  return new Response(JSON.stringify({ code: 0, msg: '', data: [{ code: 'BTC' }] }), { status: 200 });
};
(async () => {
  const client = new SwapClient({ baseUrl: 'http://127.0.0.1:8080/v1', key: 'ak_1', secret: 's', fetch });
  const currencies = await client.currencies();
  const h = sent[0].init.headers;
  const signed = h['X-API-SIGN'] === computeSignature('s', {
    timestamp: h['X-API-TIMESTAMP'], nonce: h['X-API-NONCE'], method: 'POST', path: '/v1/swap/currencies', body: '{}',
  });
  const body = JSON.stringify({ id: 'e1', type: 'swap.updated', created: 1, data: { id: 'abcdefghij' } });
  const ts = String(Math.floor(Date.now() / 1000));
  const event = verifyWebhook('whsec_x', {
    'X-Webhook-Id': 'e1', 'X-Webhook-Timestamp': ts, 'X-Webhook-Signature': 'v1=' + webhookSignature('whsec_x', ts, body),
  }, body);
  console.log(JSON.stringify({ currencies, signed, url: sent[0].url, event: event.id }));
})();
`,
    );
    const output = execFileSync(process.execPath, ['check.js'], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual({
      currencies: [{ code: 'BTC' }],
      signed: true,
      url: 'http://127.0.0.1:8080/v1/swap/currencies',
      event: 'e1',
    });
  });

  it('declares what npm needs to publish it', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: '@instant-swap/sdk',
      main: 'dist/index.js',
      types: 'dist/index.d.ts',
      files: expect.arrayContaining(['dist', 'README.md']),
    });
    expect(manifest.dependencies ?? {}).toEqual({});
  });
});
