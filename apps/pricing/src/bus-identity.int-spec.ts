import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '@nats-io/nkeys';
import { ensureIdentityKeys, prepareBusAuthorization } from '@swap/bus';
import { EXIT_CONFIG } from '@swap/service-kit';
import { runServiceFromSource, startNatsServer, type NatsServerHandle } from '@swap/testing';

// A service on a bus that admits only its identities: a bus setting that cannot work stops it at
// start with a message naming the variable, and no stack trace, as any other setting does.

const runPricing = (env: NodeJS.ProcessEnv) =>
  runServiceFromSource('pricing', { NATS_NKEY_SEED_FILE: '', NATS_CREDS_FILE: '', ...env });

async function stopsAtStart(env: NodeJS.ProcessEnv): Promise<string> {
  const service = runPricing(env);
  const code = await service.exitWithin(30_000);
  const output = service.output();
  expect({ code, output }).toMatchObject({ code: EXIT_CONFIG });
  expect(output).not.toMatch(/^\s+at /m);
  return output;
}

describe('pricing on an authenticated bus', () => {
  let dir: string;
  let nats: NatsServerHandle;
  let seeds: ReturnType<typeof prepareBusAuthorization>['keys'];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pricing-bus-'));
    const authorization = prepareBusAuthorization(join(dir, 'keys'), { devnet: false });
    seeds = authorization.keys;
    nats = await startNatsServer({ config: authorization.config });
  });
  afterAll(async () => {
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops when its seed file cannot be read, naming NATS_NKEY_SEED_FILE', async () => {
    const output = await stopsAtStart({ NATS_URL: nats.url, NATS_NKEY_SEED_FILE: join(dir, 'absent.nk') });
    expect(output).toContain(`NATS_NKEY_SEED_FILE names ${join(dir, 'absent.nk')}, which cannot be read`);
  }, 40_000);

  it('stops when the server does not know its identity, naming the variables, never the seed', async () => {
    const stranger = join(dir, 'stranger.nk');
    const seed = new TextDecoder().decode(createUser().getSeed());
    writeFileSync(stranger, seed);
    const output = await stopsAtStart({ NATS_URL: nats.url, NATS_NKEY_SEED_FILE: stranger });
    expect(output).toMatch(/NATS at nats:\/\/127\.0\.0\.1:\d+ refused pricing \(nkey seed .*stranger\.nk\)/);
    expect(output).toContain('set NATS_NKEY_SEED_FILE or NATS_CREDS_FILE');
    expect(output).not.toContain(seed);
  }, 40_000);

  it('stops without credentials: the server admits no anonymous client', async () => {
    const output = await stopsAtStart({ NATS_URL: nats.url });
    expect(output).toMatch(/refused pricing \(anonymous\)/);
  }, 40_000);

  it('starts as itself', async () => {
    const service = runPricing({ NATS_URL: nats.url, NATS_NKEY_SEED_FILE: seeds.pricing.seedFile });
    try {
      const deadline = Date.now() + 30_000;
      while (!/pricing listening on/.test(service.output()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(service.output()).toMatch(/pricing listening on/);
      expect(service.output()).not.toMatch(/Permissions Violation/i);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  }, 40_000);

  it('keeps its seeds across preparations, so a restarted npm start keeps its identities', () => {
    const again = ensureIdentityKeys(join(dir, 'keys'), ['pricing']);
    expect(again[0].publicKey).toBe(seeds.pricing.publicKey);
  });
});
