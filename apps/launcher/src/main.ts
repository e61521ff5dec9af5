import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { banner, headline } from './banner';
import { startEmbeddedPostgres } from './embedded-postgres';
import { prepareBusAuthorization } from '@swap/bus';
import type { BusIdentity } from '@swap/contracts';
import { SERVICE_DATABASES, serviceDatabaseUrlVariable, type DatabaseService } from '@swap/persistence';
import { ConfigError, EXIT_CONFIG } from '@swap/service-kit';
import { isColorSupported } from 'pino-pretty';
import { prepareServiceRoles } from './database-roles';
import { findNatsServer, NATS_INSTALL_HINT, startNats } from './nats';
import { announceWhenReady, describeProbe, waitUntilReady } from './readiness';
import { appMain, DATA_DIR, ROOT } from './repo-paths';
import { removeRuntimeFile, writeRuntimeFile } from './runtime-file';
import { announce, say, useLogView } from './say';
import { launcherView } from './log-view';
import { SERVICES, type ServiceSpec } from './services';
import { stopStale } from './stale-process';
import { Supervisor } from './supervisor';
import { Teardown } from './teardown';
import { accountKeysEnv } from './account-keys';
import { ensureSecretsKey, ensureWebhookSecretsKey } from './secrets-key';
import { ensureTreasuryMnemonic } from './treasury-mnemonic';

// `npm start`: the embedded default of D10. Everything on loopback, state under .data/.
const env = process.env;
chooseLogView();
const teardown = new Teardown();
const API_URL = `http://127.0.0.1:${SERVICES[0].port}/v1`;
let stopping = false;
/** The running services' pids, for the next run should this launcher die uncleanly. */
const PIDS_DIR = join(DATA_DIR, 'run');
const pidFile = (spec: ServiceSpec) => join(PIDS_DIR, `${spec.name}.pid`);

interface Shared {
  /** The database as a whole (runtime.json): the embedded server's superuser, or DATABASE_URL. */
  databaseUrl: string;
  /** Each service's own DATABASE_URL. */
  databaseUrls: Partial<Record<DatabaseService, string>>;
  NATS_URL: string;
  /** Each identity's seed file, when the launcher runs the bus (else NATS_* come from the environment). */
  busSeeds?: Record<BusIdentity, string>;
  mnemonic: Record<string, string>;
  secretsKey: Record<string, string>;
  webhookSecretsKey: Record<string, string>;
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
  const database = await databaseUrls();
  const webhookSecretsKey = webhookSecretsKeyEnv(); // before secrets.key is made: it tells an upgrade
  const shared: Shared = {
    databaseUrl: database.whole,
    databaseUrls: database.services,
    NATS_URL: bus.url,
    busSeeds: bus.seeds,
    mnemonic: treasuryMnemonicEnv(),
    secretsKey: { SECRETS_KEY: apiSecretsKey() },
    webhookSecretsKey,
    accountKeys: {},
  };
  shared.accountKeys = accountKeysEnv(shared.mnemonic);
  const runtimeFile = join(DATA_DIR, 'runtime.json');
  writeRuntimeFile(runtimeFile, {
    databaseUrl: shared.databaseUrl,
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

/**
 * Each service's DATABASE_URL: its <SERVICE>_DATABASE_URL where set; else DATABASE_URL from the
 * environment (the operator's PostgreSQL, where the operator makes the roles: README, "Database
 * roles"); else the embedded PostgreSQL, with a role of its own made here for each service.
 */
async function databaseUrls(): Promise<{
  whole: string;
  services: Partial<Record<DatabaseService, string>>;
}> {
  const own = Object.fromEntries(
    SERVICE_DATABASES.flatMap(({ service }) => {
      const url = env[serviceDatabaseUrlVariable(service)];
      return url ? [[service, url]] : [];
    }),
  );
  const named = Object.keys(own).map((service) => serviceDatabaseUrlVariable(service as DatabaseService));
  if (named.length > 0) say(`using ${named.join(', ')} from the environment`);
  const given = env['DATABASE_URL'];
  if (given || named.length === SERVICE_DATABASES.length) {
    if (given)
      say('using DATABASE_URL from the environment (its roles are yours to make: README, "Database roles")');
    const services = Object.fromEntries(SERVICE_DATABASES.map(({ service }) => [service, given]));
    return { whole: given ?? '', services: { ...services, ...own } };
  }
  const postgres = await startEmbeddedPostgres(join(DATA_DIR, 'postgres'));
  teardown.add('stopping PostgreSQL', postgres.stop);
  const services = await prepareServiceRoles(postgres.url, join(DATA_DIR, 'postgres-roles.json'));
  say(`PostgreSQL ready on ${new URL(postgres.url).host} (data in .data/postgres; one role per service)`);
  return { whole: postgres.url, services: { ...services, ...own } };
}

// Only the gateway sees SECRETS_KEY: from the environment if set, else the devnet's file.
function apiSecretsKey(): string {
  return env['SECRETS_KEY'] || ensureSecretsKey(join(DATA_DIR, 'secrets.key'));
}

/**
 * The notifier's own key, never the gateway's. Webhook secrets were sealed under SECRETS_KEY before
 * the notifier had one: on the first run with a key of its own (.data/secrets.key there already,
 * .data/webhook-secrets.key not yet), it gets the old key as WEBHOOK_SECRETS_OLD_KEY too, seals
 * them again under its own key at start-up, and never gets the old key again.
 */
function webhookSecretsKeyEnv(): Record<string, string> {
  const file = join(DATA_DIR, 'webhook-secrets.key');
  const apiKeyFile = join(DATA_DIR, 'secrets.key');
  const upgrading =
    !env['WEBHOOK_SECRETS_KEY'] && !env['SECRETS_KEY'] && !existsSync(file) && existsSync(apiKeyFile);
  const keys: Record<string, string> = {
    WEBHOOK_SECRETS_KEY: env['WEBHOOK_SECRETS_KEY'] || ensureWebhookSecretsKey(file),
  };
  const old = env['WEBHOOK_SECRETS_OLD_KEY'] || (upgrading ? readFileSync(apiKeyFile, 'utf8').trim() : '');
  if (old) keys['WEBHOOK_SECRETS_OLD_KEY'] = old;
  if (upgrading)
    say('the notifier has a key of its own now; this run it seals the stored webhook secrets again under it');
  return keys;
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

/** Secrets and database URLs reach only the service they belong to, never through the environment. */
const OWN_SETTING =
  /^(TREASURY_MNEMONIC(_FILE)?|SECRETS_KEY|WEBHOOK_SECRETS(_OLD)?_KEY|([A-Z]+_)?DATABASE_URL)$/;

function childEnv(spec: ServiceSpec, shared: Shared): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(env).filter(([name]) => !OWN_SETTING.test(name)));
  return {
    ...inherited,
    LOG_FORMAT: 'json', // the launcher reads every line, and shows it as LOG_FORMAT says (log-view.ts)
    ...(spec.database ? { DATABASE_URL: shared.databaseUrls[spec.database] } : {}),
    NATS_URL: shared.NATS_URL,
    ...(shared.busSeeds ? { NATS_NKEY_SEED_FILE: shared.busSeeds[spec.identity] } : {}),
    PORT: String(spec.port),
    ...spec.env,
    ...(spec.treasury ? shared.mnemonic : {}),
    ...(spec.secretsKey ? shared.secretsKey : {}),
    ...(spec.webhookSecretsKey ? shared.webhookSecretsKey : {}),
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
  // The problems as the service printed them on stderr, not again inside its last JSON log line.
  const problems = lines.filter(
    (line) => !line.startsWith('{') && /^\s*-\s|invalid configuration|missing|must|unknown/i.test(line),
  );
  say(`${name} cannot start with this configuration; stopping:`);
  for (const line of problems.length > 0 ? problems : lines) say(`  ${line.trim()}`);
  stopping = true;
  void startup
    .catch(() => undefined)
    .then(() => teardown.run())
    .then(() => process.exit(1));
}

/** Human lines on a terminal, JSON when piped (LOG_FORMAT chooses); a bad value starts nothing. */
function chooseLogView(): void {
  try {
    useLogView(launcherView(env, Boolean(process.stdout.isTTY), isColorSupported));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(EXIT_CONFIG);
  }
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
    const described = notReady.map(describeProbe);
    announce(banner(API_URL, running.length, notBuilt, described), headline(running.length, described), {
      api: API_URL,
      notBuilt,
      notReady: described,
    });
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
