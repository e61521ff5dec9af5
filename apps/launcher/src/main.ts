import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { banner } from './banner';
import { startEmbeddedPostgres } from './embedded-postgres';
import { prepareBusAuthorization } from '@swap/bus';
import type { BusIdentity } from '@swap/contracts';
import { findNatsServer, NATS_INSTALL_HINT, startNats } from './nats';
import { announceWhenReady, describeProbe, waitUntilReady } from './readiness';
import { appMain, DATA_DIR, ROOT } from './repo-paths';
import { removeRuntimeFile, writeRuntimeFile } from './runtime-file';
import { say } from './say';
import { SERVICES, type ServiceSpec } from './services';
import { stopStale } from './stale-process';
import { Supervisor } from './supervisor';
import { Teardown } from './teardown';
import { accountKeysEnv } from './account-keys';
import { ensureSecretsKey } from './secrets-key';
import { ensureTreasuryMnemonic } from './treasury-mnemonic';

// `npm start`: the embedded default of D10. Everything on loopback, state under .data/.
const env = process.env;
const teardown = new Teardown();
const API_URL = `http://127.0.0.1:${SERVICES[0].port}/v1`;
let stopping = false;
/** The running services' pids, for the next run should this launcher die uncleanly. */
const PIDS_DIR = join(DATA_DIR, 'run');
const pidFile = (spec: ServiceSpec) => join(PIDS_DIR, `${spec.name}.pid`);

interface Shared {
  DATABASE_URL: string;
  NATS_URL: string;
  /** Each identity's seed file, when the launcher runs the bus (else NATS_* come from the environment). */
  busSeeds?: Record<BusIdentity, string>;
  mnemonic: Record<string, string>;
  secretsKey: Record<string, string>;
  accountKeys: Record<string, string>;
}

async function start(): Promise<ServiceSpec[]> {
  assertDistinctPorts();
  mkdirSync(DATA_DIR, { recursive: true });
  chmodSync(DATA_DIR, 0o755);
  // Check before starting anything, so a missing binary costs nothing to clean up.
  const natsBinary = env['NATS_URL'] ? undefined : findNatsServer();
  if (!env['NATS_URL'] && !natsBinary) {
    process.stderr.write(`${NATS_INSTALL_HINT}\n`);
    process.exit(1);
  }

  // Services an earlier run left behind (it died uncleanly) hold their ports: they go first, before
  // the PostgreSQL and NATS they use (which startEmbeddedPostgres and startNats clear the same way).
  mkdirSync(PIDS_DIR, { recursive: true });
  await Promise.all(
    SERVICES.map((spec) => stopStale(spec.name, pidFile(spec), appMain(spec.app), 'SIGTERM')),
  );

  const bus = await startBus(natsBinary);
  const shared: Shared = {
    DATABASE_URL: await databaseUrl(),
    NATS_URL: bus.url,
    busSeeds: bus.seeds,
    mnemonic: treasuryMnemonicEnv(),
    secretsKey: { SECRETS_KEY: env['SECRETS_KEY'] || ensureSecretsKey(join(DATA_DIR, 'secrets.key')) },
    accountKeys: {},
  };
  shared.accountKeys = accountKeysEnv(shared.mnemonic);
  const runtimeFile = join(DATA_DIR, 'runtime.json');
  writeRuntimeFile(runtimeFile, {
    databaseUrl: shared.DATABASE_URL,
    natsUrl: shared.NATS_URL,
    ...(shared.busSeeds ? { natsSeedFile: shared.busSeeds.operator } : {}),
    apiUrl: API_URL,
  });
  teardown.add('removing .data/runtime.json', () => removeRuntimeFile(runtimeFile));

  if (stopping) return []; // a signal came during start-up: don't spawn what is about to be stopped
  const running = SERVICES.filter((spec) => existsSync(appMain(spec.app)));
  reportNotBuilt(SERVICES.filter((spec) => !running.includes(spec)));
  const supervisors = running.map(
    (spec) =>
      new Supervisor(
        spec.name,
        appMain(spec.app),
        childEnv(spec, shared),
        invalidConfiguration,
        pidFile(spec),
      ),
  );
  // The devnet is everyone's chain, as nodes are in production: started first, so no service starts
  // by waiting for it (and retrying at its own pace), and stopped after the rest, so none of them
  // sees its chain go away on the way out (and warns that it did).
  const isChain = (spec: ServiceSpec) => spec.name === 'devnet';
  const chains = supervisors.filter((_, i) => isChain(running[i]));
  const others = supervisors.filter((s) => !chains.includes(s));
  teardown.add('stopping services', async () => {
    await Promise.all(others.map((s) => s.stop()));
    await Promise.all(chains.map((s) => s.stop()));
  });
  chains.forEach((supervisor) => supervisor.start());
  await waitUntilReady(running.filter(isChain), () => stopping, { pollMs: 100 });
  if (!stopping) others.forEach((supervisor) => supervisor.start());
  return running;
}

async function databaseUrl(): Promise<string> {
  if (env['DATABASE_URL']) {
    say('using DATABASE_URL from the environment');
    return env['DATABASE_URL'];
  }
  const postgres = await startEmbeddedPostgres(join(DATA_DIR, 'postgres'));
  teardown.add('stopping PostgreSQL', postgres.stop);
  say(`PostgreSQL ready on ${new URL(postgres.url).host} (data in .data/postgres)`);
  return postgres.url;
}

// Its own nats-server admits only the services and swapctl, each as its own identity with the
// permissions generated from BUS_ACCESS; their seeds stay in .data/nats-keys across runs.
async function startBus(
  binary: string | undefined,
): Promise<{ url: string; seeds?: Record<BusIdentity, string> }> {
  if (!binary) {
    say('using NATS_URL (and NATS_NKEY_SEED_FILE or NATS_CREDS_FILE, if set) from the environment');
    return { url: String(env['NATS_URL']) };
  }
  const authorization = prepareBusAuthorization(join(DATA_DIR, 'nats-keys'), { devnet: true });
  const nats = await startNats(binary, join(DATA_DIR, 'nats'), authorization.config);
  teardown.add('stopping NATS', nats.stop);
  say(
    `NATS JetStream ready on ${nats.url} (store in .data/nats; one identity per service, keys in .data/nats-keys)`,
  );
  const seeds = Object.fromEntries(
    Object.entries(authorization.keys).map(([identity, key]) => [identity, key.seedFile]),
  ) as Record<BusIdentity, string>;
  return { url: nats.url, seeds };
}

// Only the treasury sees the mnemonic (D11): from the environment if set, else the devnet's file.
function treasuryMnemonicEnv(): Record<string, string> {
  if (env['TREASURY_MNEMONIC']) return { TREASURY_MNEMONIC: env['TREASURY_MNEMONIC'] };
  if (env['TREASURY_MNEMONIC_FILE']) return { TREASURY_MNEMONIC_FILE: env['TREASURY_MNEMONIC_FILE'] };
  return { TREASURY_MNEMONIC_FILE: ensureTreasuryMnemonic(join(DATA_DIR, 'treasury.mnemonic')) };
}

function childEnv(spec: ServiceSpec, shared: Shared): NodeJS.ProcessEnv {
  const { TREASURY_MNEMONIC: _m, TREASURY_MNEMONIC_FILE: _f, SECRETS_KEY: _s, ...inherited } = env;
  return {
    ...inherited,
    DATABASE_URL: shared.DATABASE_URL,
    NATS_URL: shared.NATS_URL,
    ...(shared.busSeeds ? { NATS_NKEY_SEED_FILE: shared.busSeeds[spec.identity] } : {}),
    PORT: String(spec.port),
    ...spec.env,
    ...(spec.treasury ? shared.mnemonic : {}),
    ...(spec.secretsKey ? shared.secretsKey : {}),
    ...(spec.accountKeys ? shared.accountKeys : {}),
  };
}

// Other apps may still be in the making: the launcher runs what is built and says what is not.
function reportNotBuilt(missing: ServiceSpec[]): void {
  for (const app of new Set(missing.map((spec) => spec.app))) {
    const names = missing.filter((spec) => spec.app === app).map((spec) => spec.name);
    say(`${app} is not built (no ${relative(ROOT, appMain(app))}): skipping ${names.join(', ')}`);
  }
}

function assertDistinctPorts(): void {
  const ports = SERVICES.map((s) => s.port);
  const clash = ports.find((port, i) => ports.indexOf(port) !== i);
  if (clash !== undefined || ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) {
    throw new Error(`service ports must be distinct valid ports (check PORT): ${ports.join(', ')}`);
  }
}

/** A service that cannot start with this configuration stops everything: no restart mends it. */
function invalidConfiguration(name: string, lines: string[]): void {
  if (stopping) return;
  const problems = lines.filter((line) => /^\s*-\s|invalid configuration|missing|must|unknown/i.test(line));
  say(`${name} cannot start with this configuration; stopping:`);
  for (const line of problems.length > 0 ? problems : lines) say(`  ${line.trim()}`);
  stopping = true;
  void startup
    .catch(() => undefined)
    .then(() => teardown.run())
    .then(() => process.exit(1));
}

async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    say('already stopping; send it again to kill everything at once');
    process.once(signal, () => process.exit(1));
    return;
  }
  stopping = true;
  say(`${signal} received`);
  await startup.catch(() => undefined); // let a half-done start finish, then undo it whole
  await teardown.run();
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => void shutdown(signal));

const startup = start();
startup.then(
  async (running) => {
    if (stopping) return;
    if (running.length === 0) {
      say('no service is built yet (npm run build); Ctrl-C stops the launcher');
      return;
    }
    const notReady = await waitUntilReady(running, () => stopping);
    if (notReady === null) return;
    const notBuilt = SERVICES.filter((s) => !running.includes(s)).map((s) => s.name);
    process.stdout.write(banner(API_URL, running.length, notBuilt, notReady.map(describeProbe)));
    const late = running.filter((s) => notReady.some((p) => p.name === s.name));
    void announceWhenReady(late, () => stopping);
  },
  async (err: unknown) => {
    say(`start-up failed: ${err instanceof Error ? err.message : String(err)}`);
    stopping = true;
    await teardown.run();
    process.exit(1);
  },
);
