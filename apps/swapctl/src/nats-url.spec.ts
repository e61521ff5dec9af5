import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError, EXIT } from './cli-error';
import { findRepoRoot, resolveBusTarget } from './nats-url';

const resolveNatsUrl = (env: NodeJS.ProcessEnv, root: string) => resolveBusTarget(env, root).url;

describe('resolveBusTarget', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'swapctl-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const writeRuntime = (content: string) => {
    mkdirSync(join(root, '.data'));
    writeFileSync(join(root, '.data', 'runtime.json'), content);
  };

  it('takes NATS_URL first', () => {
    writeRuntime(JSON.stringify({ natsUrl: 'nats://127.0.0.1:1111' }));
    expect(resolveNatsUrl({ NATS_URL: 'nats://bus:4222' }, root)).toBe('nats://bus:4222');
  });

  it('falls back to the natsUrl that npm start wrote', () => {
    writeRuntime(JSON.stringify({ natsUrl: 'nats://127.0.0.1:1111', apiUrl: 'x' }));
    expect(resolveNatsUrl({ NATS_URL: '' }, root)).toBe('nats://127.0.0.1:1111');
  });

  it("connects as npm start's operator identity unless the operator brings credentials", () => {
    writeRuntime(JSON.stringify({ natsUrl: 'nats://127.0.0.1:1111', natsSeedFile: '/run/operator.nk' }));
    expect(resolveBusTarget({}, root).credentialsEnv['NATS_NKEY_SEED_FILE']).toBe('/run/operator.nk');
    const own = resolveBusTarget({ NATS_CREDS_FILE: '/me.creds' }, root).credentialsEnv;
    expect(own['NATS_NKEY_SEED_FILE']).toBeUndefined();
    expect(own['NATS_CREDS_FILE']).toBe('/me.creds');
  });

  it('takes the credentials from the environment with NATS_URL', () => {
    const target = resolveBusTarget({ NATS_URL: 'nats://bus:4222', NATS_NKEY_SEED_FILE: '/op.nk' }, root);
    expect(target.credentialsEnv['NATS_NKEY_SEED_FILE']).toBe('/op.nk');
  });

  it('tells the operator to set NATS_URL or run npm start when there is neither', () => {
    const attempt = () => resolveNatsUrl({}, root);
    expect(attempt).toThrow(CliError);
    expect(attempt).toThrow(/set NATS_URL .* or run `npm start`/);
    expect(attempt).toThrow(expect.objectContaining({ code: 'NO_NATS_URL', exitCode: EXIT.unreachable }));
  });

  it.each(['not json', '{}', '{"natsUrl": 42}'])(
    'refuses a runtime file without a usable natsUrl: %s',
    (content) => {
      writeRuntime(content);
      expect(() => resolveNatsUrl({}, root)).toThrow(/has no natsUrl: set NATS_URL or restart `npm start`/);
    },
  );

  it('finds the repository root above the sources', () => {
    writeFileSync(join(root, 'package.json'), '{}');
    const nested = join(root, 'dist', 'apps', 'swapctl', 'src');
    mkdirSync(nested, { recursive: true });
    expect(findRepoRoot(nested)).toBe(root);
  });
});
