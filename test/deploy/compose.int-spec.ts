import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromSeed } from '@nats-io/nkeys';
import { Client } from 'pg';
import { busCredentialsFromEnv, natsPermissions, type Bus } from '@swap/bus';
import { chainReader, chainRelay, usesRealNode, nodeSettings } from '@swap/chain';
import { accountKeyVariables, mnemonicToSeed } from '@swap/chain-keys';
import { BUS_IDENTITIES, busAccessOf } from '@swap/contracts';
import { NETWORKS } from '@swap/domain';
import { type DatabaseService, SERVICE_DATABASES } from '@swap/persistence';
import { findNatsServer } from '../../apps/launcher/src/nats';
import { appMain, ROOT } from '../../apps/launcher/src/repo-paths';
import { SERVICES } from '../../apps/launcher/src/services';
import { type Env, environmentOf, loadCompose } from './support/compose-file';
import { Project, removeTemporaryDirs, temporaryDir } from './support/compose-project';
import { type ComposePostgres, startComposePostgres } from './support/compose-postgres';
import { appOf, problems, type TreasuryConfig, validate } from './support/service-config';

// docker-compose.yml without a Docker engine: each container's environment is built as compose and
// the image would build it (interpolation, the volumes init and database-roles fill for real, the
// latter on a PostgreSQL of the embedded binaries, the env files the command sources), then every
// service runs its own start-up validation on exactly that.

const SOURCED_ENV_FILES = 'for f in /run/swap/*/*.env'; // the app command's loop over init's env files
const DATABASE = 'database-credentials'; // the volume with the superuser's and the roles' passwords
/** Each service's DATABASE_URL, as its own role: in a volume of its own (every watcher the one). */
const databaseVolume = (service: DatabaseService) => `database-${service}`;
const databaseEnvFile = (service: DatabaseService) => `${service}-database.env`;
const NOTIFIER_SECRETS = 'notifier-secrets'; // the volume of WEBHOOK_SECRETS_KEY
const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const NO_BUS = {} as Bus; // real nodes' readers never touch the bus

/** The password of a DATABASE_URL as pg reads it: the user-info, percent-decoded. */
const passwordIn = (url: string): string => decodeURIComponent(new URL(url).password);

const NATS_CONFIG = 'nats-config'; // the volume of nats-server's configuration
/** Each bus identity's seed: in a volume of its own (bus-<identity>), as <identity>.nk. */
const seedVolume = (identity: string) => `bus-${identity}`;
const publicKeyOf = (seedFile: string) =>
  fromSeed(new TextEncoder().encode(readFileSync(seedFile, 'utf8').trim())).getPublicKey();
/** The users of an `authorization` block as serverAuthorization writes them: `# identity`, then its JSON. */
const usersOf = (config: string): Record<string, unknown> =>
  Object.fromEntries(
    [...config.matchAll(/# (\w+)\n\s*(\{.*\})/g)].map(([, id, json]) => [id, JSON.parse(json)]),
  );

/** The database-roles job, on `postgres` at the address this machine reaches it on. */
function runDatabaseRoles(project: Project, postgres: ComposePostgres) {
  const url = new URL(project.environment('database-roles')['INIT_SUPERUSER_URL']);
  url.host = postgres.host;
  return project.runJob('database-roles', { INIT_SUPERUSER_URL: url.href });
}

/** Who PostgreSQL says `url` logs in as. */
async function loginOf(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ user: string }>('SELECT current_user AS user');
    return rows[0].user;
  } finally {
    await client.end();
  }
}

beforeAll(() => {
  // init and database-roles run the launcher's compiled code, as they do in the image.
  execFileSync(process.execPath, [join(ROOT, 'tools/build.js')], { stdio: 'inherit' });
});

afterAll(removeTemporaryDirs);

describe('docker-compose.yml (devnet)', () => {
  let project: Project;
  let postgres: ComposePostgres;
  let initOutput: string;

  beforeAll(async () => {
    project = Project.of(['docker-compose.yml'], {}); // a bare `docker compose up`: nothing set
    const run = project.runInit();
    postgres = await startComposePostgres(project);
    const roles = runDatabaseRoles(project, postgres);
    initOutput = run.stdout + run.stderr + roles.stdout + roles.stderr;
  });

  afterAll(() => postgres?.stop());

  it('makes its own database password rather than using a default or asking for one', () => {
    const password = project.postgresPassword();
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    const another = Project.of(['docker-compose.yml'], {});
    another.runInit();
    expect(another.postgresPassword()).not.toBe(password);
  });

  it('runs every service `npm start` runs, as the same app', () => {
    expect(project.appServices().sort()).toEqual(SERVICES.map((s) => s.name).sort());
    for (const spec of SERVICES) {
      const env = project.environment(spec.name);
      expect({ name: spec.name, APP: env['APP'] }).toEqual({ name: spec.name, APP: spec.app });
      expect(env).toMatchObject(spec.env ?? {});
    }
  });

  it('starts each app from a main.js the build makes, after the env files init wrote', () => {
    for (const name of project.appServices()) {
      const command = (project.service(name).command ?? []).join(' ');
      expect(command).toContain(SOURCED_ENV_FILES);
      expect(command).toContain('dist/apps/$APP/src/main.js');
      expect(existsSync(appMain(appOf(project, name)))).toBe(true);
    }
  });

  it('waits for init and the database roles, and probes /readyz on the port the app listens on', () => {
    for (const name of project.appServices()) {
      const service = project.service(name);
      expect(service.depends_on?.['init']).toEqual({ condition: 'service_completed_successfully' });
      expect(service.depends_on?.['database-roles']).toEqual({ condition: 'service_completed_successfully' });
      const port = project.environment(name)['PORT'];
      expect(JSON.stringify(service.healthcheck?.test)).toContain(`127.0.0.1:${port}/readyz`);
    }
  });

  it("starts PostgreSQL once init has made the password, which it reads from init's file", () => {
    const postgres = project.service('postgres');
    const env = environmentOf(postgres, {});
    expect(postgres.depends_on?.['init']).toEqual({ condition: 'service_completed_successfully' });
    // The image takes POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE, and refuses both.
    expect(env).not.toHaveProperty('POSTGRES_PASSWORD');
    expect(project.hostPath('postgres', env['POSTGRES_PASSWORD_FILE'])).toBe(
      project.volumeFile(DATABASE, 'postgres.password'),
    );
    expect(postgres.healthcheck?.test).toEqual([
      'CMD-SHELL',
      `pg_isready -U ${env['POSTGRES_USER']} -d ${env['POSTGRES_DB']}`,
    ]);
  });

  it("makes the database roles once PostgreSQL is healthy, as its superuser with init's password", () => {
    const job = project.service('database-roles');
    expect(job.restart).toBe('no');
    expect(job.depends_on?.['postgres']).toEqual({ condition: 'service_healthy' });
    const env = project.environment('database-roles');
    const superuser = new URL(env['INIT_SUPERUSER_URL']);
    const postgresEnv = environmentOf(project.service('postgres'), {});
    expect({
      user: superuser.username,
      password: superuser.password,
      host: superuser.host,
      path: superuser.pathname,
    }).toEqual({
      user: postgresEnv['POSTGRES_USER'],
      password: '',
      host: 'postgres:5432',
      path: `/${postgresEnv['POSTGRES_DB']}`,
    });
    expect(env['INIT_DATABASE_DIR']).toBe(project.volumeDirs[DATABASE]);
    // The superuser's password stays with PostgreSQL, init and the roles job.
    expect(project.mountersOfVolumeHolding('postgres.password').sort()).toEqual([
      'database-roles',
      'init',
      'postgres',
    ]);
    for (const name of project.appServices())
      expect({
        name,
        holds: Object.values(project.containerEnv(name)).some((v) => v.includes(project.postgresPassword())),
      }).toEqual({ name, holds: false });
  });

  it('gives every service an environment its own validation accepts', () => {
    expect(problems(project)).toEqual([]);
  });

  it("starts NATS once init is done, with init's configuration: every bus identity, each with its generated permissions, and no one else", () => {
    const nats = project.service('nats');
    expect(nats.depends_on?.['init']).toEqual({ condition: 'service_completed_successfully' });
    const command = nats.command ?? [];
    const config = project.hostPath('nats', command[command.indexOf('-c') + 1]) as string;
    expect(config).toBe(project.volumeFile(NATS_CONFIG, 'nats.conf'));
    const text = readFileSync(config, 'utf8');
    expect(text).toMatch(/^authorization \{\n/);
    const users = usersOf(text);
    expect(Object.keys(users)).toEqual([...BUS_IDENTITIES]);
    for (const identity of BUS_IDENTITIES) {
      const seedFile = project.volumeFile(seedVolume(identity), `${identity}.nk`);
      // The devnet runs here: the chain users may call it.
      expect(users[identity]).toEqual({
        nkey: publicKeyOf(seedFile),
        permissions: natsPermissions(identity, busAccessOf(identity, { devnet: true })),
      });
    }
    const server = findNatsServer();
    if (!server) return console.log('nats.conf not read by nats-server: it is not installed here');
    const test = spawnSync(server, ['-t', '-c', config], { encoding: 'utf8' });
    expect({ status: test.status, output: test.stderr + test.stdout }).toEqual({
      status: 0,
      output: expect.stringContaining('is valid'),
    });
  });

  it('connects each service as its own bus identity: its seed alone mounted, NATS_NKEY_SEED_FILE naming it', () => {
    for (const spec of SERVICES) {
      const env = project.containerEnv(spec.name);
      const seedFile = project.volumeFile(seedVolume(spec.identity), `${spec.identity}.nk`);
      expect({ name: spec.name, seed: env['NATS_NKEY_SEED_FILE'] }).toEqual({
        name: spec.name,
        seed: seedFile,
      });
      expect(busCredentialsFromEnv(env).source).toBe(`nkey seed ${seedFile}`);
    }
    for (const identity of BUS_IDENTITIES) {
      const services = SERVICES.filter((spec) => spec.identity === identity).map((spec) => spec.name);
      const expected = [...services, ...(identity === 'operator' ? ['swapctl'] : []), 'init'].sort();
      const mounters = project.mountersOfVolumeHolding(`${identity}.nk`).sort();
      expect({ identity, mounters }).toEqual({ identity, mounters: expected });
    }
  });

  it('runs swapctl on demand as the operator identity', () => {
    const swapctl = project.service('swapctl');
    expect(swapctl.profiles).toEqual(['ops']);
    expect(swapctl.entrypoint).toEqual(['node', 'dist/apps/swapctl/src/main.js']);
    expect(existsSync(join(ROOT, 'dist/apps/swapctl/src/main.js'))).toBe(true);
    const env = project.environment('swapctl');
    const seedFile = project.volumeFile(seedVolume('operator'), 'operator.nk');
    expect(env).toMatchObject({
      NATS_URL: project.environment('gateway')['NATS_URL'],
      NATS_NKEY_SEED_FILE: seedFile,
    });
    expect(busCredentialsFromEnv(env).source).toBe(`nkey seed ${seedFile}`);
  });

  it('gives each service that keeps data DATABASE_URL as its own role, from a volume it alone mounts', async () => {
    const passwords = JSON.parse(readFileSync(project.volumeFile(DATABASE, 'roles.json'), 'utf8')) as Record<
      string,
      string
    >;
    const postgresEnv = environmentOf(project.service('postgres'), {});
    for (const spec of SERVICES) {
      const url = project.containerEnv(spec.name)['DATABASE_URL'];
      const role = SERVICE_DATABASES.find((d) => d.service === spec.database)?.role;
      if (!role) {
        expect({ name: spec.name, url }).toEqual({ name: spec.name, url: undefined });
        continue;
      }
      const parsed = new URL(url);
      expect({
        name: spec.name,
        user: parsed.username,
        host: parsed.host,
        path: parsed.pathname,
        password: passwordIn(url),
      }).toEqual({
        name: spec.name,
        user: role,
        host: postgres.host, // the job's INIT_SUPERUSER_URL, postgres:5432 in a container
        path: `/${postgresEnv['POSTGRES_DB']}`,
        password: passwords[role],
      });
      expect({ name: spec.name, login: await loginOf(url) }).toEqual({ name: spec.name, login: role });
    }
    for (const { service } of SERVICE_DATABASES) {
      const users = SERVICES.filter((spec) => spec.database === service)
        .map((spec) => spec.name)
        .sort();
      const mounters = project.mountersOfVolumeHolding(databaseEnvFile(service)).sort();
      expect({ service, mounters }).toEqual({ service, mounters: [...users, 'database-roles'].sort() });
      const refused = problems(project, databaseVolume(service));
      expect({ service, refused: refused.map((problem) => problem.split(':')[0]).sort() }).toEqual({
        service,
        refused: users,
      });
      for (const problem of refused) expect(problem).toContain('DATABASE_URL: missing');
    }
  });

  it('gives the treasury the keys whose public halves the engine, devnet and watchers got', () => {
    const { keys } = validate(project, 'treasury') as TreasuryConfig;
    const engine = project.containerEnv('engine');
    for (const network of NETWORKS) expect(keys.accountPublic(network)).toBe(engine[`${network}_XPUB`]);
  });

  it('lets the treasury alone (and init) mount the mnemonic, the gateway alone SECRETS_KEY, the notifier alone WEBHOOK_SECRETS_KEY', () => {
    expect(project.mountersOfVolumeHolding('treasury.mnemonic').sort()).toEqual(['init', 'treasury']);
    expect(project.mountersOfVolumeHolding('gateway.env').sort()).toEqual(['gateway', 'init']);
    expect(project.mountersOfVolumeHolding('notifier.env').sort()).toEqual(['init', 'notifier']);
    for (const spec of SERVICES) {
      const env = project.containerEnv(spec.name);
      expect({
        name: spec.name,
        secretsKey: 'SECRETS_KEY' in env,
        webhookSecretsKey: 'WEBHOOK_SECRETS_KEY' in env,
        oldKey: 'WEBHOOK_SECRETS_OLD_KEY' in env, // a new install has nothing sealed under another key
      }).toEqual({
        name: spec.name,
        secretsKey: spec.secretsKey === true,
        webhookSecretsKey: spec.webhookSecretsKey === true,
        oldKey: false,
      });
      expect({ name: spec.name, xpubs: NETWORKS.every((n) => `${n}_XPUB` in env) }).toEqual({
        name: spec.name,
        xpubs: spec.accountKeys === true,
      });
    }
    expect(project.containerEnv('notifier')['WEBHOOK_SECRETS_KEY']).not.toBe(
      project.containerEnv('gateway')['SECRETS_KEY'],
    );
  });

  it("gives the notifier the gateway's old key on the one run that makes its own beside it (an upgrade)", () => {
    const upgraded = Project.of(['docker-compose.yml'], {});
    upgraded.runInit();
    // The volumes of a version before: the gateway's key there, the notifier's volume new (empty).
    const notifierVolume = upgraded.volumeDirs[NOTIFIER_SECRETS];
    for (const entry of readdirSync(notifierVolume)) rmSync(join(notifierVolume, entry));
    upgraded.runInit();
    const notifier = () => upgraded.containerEnv('notifier');
    const secretsKey = upgraded.containerEnv('gateway')['SECRETS_KEY'];
    const first = notifier();
    expect(first['WEBHOOK_SECRETS_OLD_KEY']).toBe(secretsKey);
    expect(first['WEBHOOK_SECRETS_KEY']).not.toBe(secretsKey);
    upgraded.runInit();
    expect(notifier()).toEqual({ ...first, WEBHOOK_SECRETS_OLD_KEY: undefined });
  });

  it('fails validation without what init provides', () => {
    expect(() => validate(project, 'engine', 'account-keys')).toThrow('BTC_XPUB: missing');
    expect(() => validate(project, 'watcher-xmr', 'account-keys')).toThrow('XMR_XPUB: missing');
    expect(() => validate(project, 'devnet', 'account-keys')).toThrow('SOL_XPUB: missing');
    expect(() => validate(project, 'gateway', 'gateway-secrets')).toThrow('SECRETS_KEY: missing');
    expect(() => validate(project, 'notifier', NOTIFIER_SECRETS)).toThrow('WEBHOOK_SECRETS_KEY: missing');
    expect(() => validate(project, 'treasury', 'treasury-mnemonic')).toThrow(
      'cannot read TREASURY_MNEMONIC_FILE',
    );
    expect(() => validate(project, 'engine', databaseVolume('engine'))).toThrow('DATABASE_URL: missing');
    expect(() => busCredentialsFromEnv(project.containerEnv('treasury', seedVolume('treasury')))).toThrow(
      'NATS_NKEY_SEED_FILE names /run/swap/bus/treasury.nk, which cannot be read (ENOENT)',
    );
  });

  it("keeps the mnemonic, both keys, the databases' passwords and the bus seeds across runs, readable by their owner only, and out of the log", () => {
    const files: [string, string][] = [
      ['treasury-mnemonic', 'treasury.mnemonic'],
      ['gateway-secrets', 'gateway.env'],
      [NOTIFIER_SECRETS, 'notifier.env'],
      ['account-keys', 'account-keys.env'],
      [DATABASE, 'postgres.password'],
      [DATABASE, 'roles.json'],
      ...SERVICE_DATABASES.map(({ service }): [string, string] => [
        databaseVolume(service),
        databaseEnvFile(service),
      ]),
      ...BUS_IDENTITIES.map((identity): [string, string] => [seedVolume(identity), `${identity}.nk`]),
      [NATS_CONFIG, 'nats.conf'],
    ];
    const read = () => files.map(([volume, file]) => readFileSync(project.volumeFile(volume, file), 'utf8'));
    const first = read();
    const again = project.runInit();
    const rolesAgain = runDatabaseRoles(project, postgres);
    expect(read()).toEqual(first);
    // The public halves: the xpubs, and the bus's public keys and permissions.
    const notSecret = ['account-keys.env', 'nats.conf'];
    for (const [volume, file] of files.filter(([, file]) => !notSecret.includes(file))) {
      expect({ file, groupOrOther: statSync(project.volumeFile(volume, file)).mode & 0o077 }).toEqual({
        file,
        groupOrOther: 0,
      });
    }
    const log = initOutput + again.stdout + again.stderr + rolesAgain.stdout + rolesAgain.stderr;
    expect(log).toContain('treasury.mnemonic');
    expect(log).toContain('postgres.password');
    expect(log).not.toContain(first[0].trim().split(' ').slice(0, 3).join(' '));
    expect(log).not.toContain(project.containerEnv('gateway')['SECRETS_KEY']);
    expect(log).not.toContain(project.containerEnv('notifier')['WEBHOOK_SECRETS_KEY']);
    expect(log).not.toContain(project.postgresPassword());
    const rolePasswords = JSON.parse(
      readFileSync(project.volumeFile(DATABASE, 'roles.json'), 'utf8'),
    ) as Record<string, string>;
    for (const password of Object.values(rolePasswords)) expect(log).not.toContain(password);
    for (const seed of first.filter((text) => text.startsWith('SU'))) expect(log).not.toContain(seed.trim());
  });

  it('is valid for `docker compose config` where a Docker engine answers', () => {
    const docker = spawnSync('docker', ['info'], { timeout: 10_000, stdio: 'ignore' });
    if (docker.status !== 0) {
      console.log('skipped `docker compose config -q`: no Docker engine answers `docker info` here');
      return;
    }
    const files = ['-f', 'docker-compose.yml', '-f', 'docker-compose.real.yml'];
    const { POSTGRES_PASSWORD: _password, DATABASE_URL: _url, ...bare } = process.env;
    const env = { ...bare, TREASURY_MNEMONIC_FILE: join(ROOT, 'package.json') };
    for (const args of [
      ['compose', 'config', '-q'],
      ['compose', ...files, 'config', '-q'],
    ]) {
      const run = spawnSync('docker', args, { cwd: ROOT, env, encoding: 'utf8' });
      expect({ args, status: run.status, stderr: run.stderr }).toEqual({ args, status: 0, stderr: '' });
    }
  });
});

describe('docker-compose.yml with POSTGRES_PASSWORD set', () => {
  // Characters that a URL's user-info, sh and an env file would each take for their own.
  const password = `it's "my" p@ss:w0rd/%~!$HOME #1`;
  let project: Project;
  let postgres: ComposePostgres;
  let initOutput: string;

  beforeAll(async () => {
    project = Project.of(['docker-compose.yml'], { POSTGRES_PASSWORD: password });
    const run = project.runInit();
    // Made with it, as the postgres image makes a new volume: the roles job logs in with it.
    postgres = await startComposePostgres(project);
    const roles = runDatabaseRoles(project, postgres);
    initOutput = run.stdout + run.stderr + roles.stdout + roles.stderr;
  });

  afterAll(() => postgres?.stop());

  it("is the password PostgreSQL is made with, the roles job's, and in no service's DATABASE_URL", async () => {
    expect(project.postgresPassword()).toBe(password);
    const urls = project
      .appServices()
      .map((name) => project.containerEnv(name)['DATABASE_URL'])
      .filter(Boolean);
    expect(urls.length).toBe(project.appServices().length - 1); // all but pricing
    for (const url of urls) {
      expect(passwordIn(url)).not.toBe(password);
      expect(await loginOf(url)).toMatch(/^swap_/);
    }
    expect(problems(project)).toEqual([]);
  });

  it("is in init's environment alone, and in no log", () => {
    const holders = Object.keys(project.compose.services).filter((name) =>
      Object.values(project.environment(name)).includes(password),
    );
    expect(holders).toEqual(['init']);
    expect(initOutput).not.toContain(password);
  });
});

describe('docker-compose.real.yml over it', () => {
  const files = ['docker-compose.yml', 'docker-compose.real.yml'];
  const nodes: Env = {
    BTC_RPC_URL: 'http://user:pass@bitcoind:18443',
    BTC_NETWORK: 'regtest',
    LTC_RPC_URL: 'http://user:pass@litecoind:9332',
    LTC_WALLET_BIRTHDAY: 'now',
    ETH_RPC_URL: 'https://eth.example.com/api-key',
    AVAX_RPC_URL: 'http://avalanche:9650/ext/bc/C/rpc',
    TRX_RPC_URL: 'https://api.trongrid.io',
    TRX_API_KEY: 'key',
    SOL_RPC_URL: 'http://solana:8899',
    SOL_NETWORK: 'testnet',
    XMR_DAEMON_RPC_URL: 'http://monerod:18081',
    XMR_TREASURY_WALLET_RPC_URL: 'http://wallet-treasury:18083',
    XMR_WATCHER_WALLET_RPC_URL: 'http://wallet-watcher:18083',
    XMR_NETWORK: 'regtest',
  };
  // An external PostgreSQL; `&` and `?` are sh's own unless the job quotes them. The watchers' role
  // there given on its own.
  const externalDatabase =
    'postgres://swap:p%40ss@db.example.com:5432/swap?sslmode=require&application_name=swap';
  const watcherDatabase = 'postgres://swap_watcher:w%40tch@db.example.com:5432/swap?sslmode=require';
  let project: Project;

  beforeAll(() => {
    const dir = temporaryDir('compose-host-');
    writeFileSync(join(dir, 'treasury.mnemonic'), `${PHRASE}\n`, { mode: 0o600 });
    project = Project.of(files, {
      ...nodes,
      TREASURY_MNEMONIC_FILE: join(dir, 'treasury.mnemonic'),
      DATABASE_URL: externalDatabase,
      WATCHER_DATABASE_URL: watcherDatabase,
    });
    project.runInit();
    project.runJob('database-roles'); // connects nowhere: the roles there are the operator's
  });

  it("needs the operator's mnemonic file", () => {
    expect(() => loadCompose(files, nodes)).toThrow('TREASURY_MNEMONIC_FILE');
  });

  it("derives the xpubs from the operator's phrase and generates no mnemonic", () => {
    expect(project.containerEnv('engine')).toMatchObject(accountKeyVariables(mnemonicToSeed(PHRASE)));
    expect(readdirSync(project.volumeDirs['treasury-mnemonic'])).toEqual([]);
  });

  it('gives every service an environment its own validation accepts', () => {
    expect(problems(project)).toEqual([]);
  });

  it('gives the services that use the database the external URLs as they were given, <SERVICE>_DATABASE_URL first', () => {
    const urls = Object.fromEntries(
      project.appServices().map((name) => [name, project.containerEnv(name)['DATABASE_URL']]),
    );
    const expected = Object.fromEntries(
      project
        .appServices()
        .map((name) => [
          name,
          name === 'pricing' ? undefined : name.startsWith('watcher-') ? watcherDatabase : externalDatabase,
        ]),
    );
    expect(urls).toStrictEqual(expected);
    expect(existsSync(project.volumeFile(DATABASE, 'roles.json'))).toBe(false);
  });

  it('puts each watcher on its own network node only, and builds the reader from that environment', () => {
    for (const network of NETWORKS) {
      const name = `watcher-${network.toLowerCase()}`;
      const env = project.containerEnv(name);
      expect(NETWORKS.filter((n) => usesRealNode(n, env))).toEqual([network]);
      const accountPublic = env[`${network}_XPUB`];
      expect(() =>
        chainReader(network, nodeSettings(network, env), { bus: NO_BUS, accountPublic }),
      ).not.toThrow();
    }
  });

  it('gives the treasury and the refunds service every node, with settings their readers accept', () => {
    const treasury = project.containerEnv('treasury');
    const refunds = project.containerEnv('refunds');
    for (const network of NETWORKS) {
      expect([usesRealNode(network, treasury), usesRealNode(network, refunds)]).toEqual([true, true]);
      const accountPublic = project.containerEnv('engine')[`${network}_XPUB`];
      expect(() =>
        chainReader(network, nodeSettings(network, treasury), { bus: NO_BUS, accountPublic }),
      ).not.toThrow();
      expect(() => chainRelay(network, nodeSettings(network, refunds), { bus: NO_BUS })).not.toThrow();
    }
  });

  it('leaves a network without a node URL on the devnet', () => {
    const partial = Project.of(files, { LTC_RPC_URL: nodes['LTC_RPC_URL'], TREASURY_MNEMONIC_FILE: '/x' });
    const env = partial.environment('treasury');
    expect(NETWORKS.filter((n) => usesRealNode(n, env))).toEqual(['LTC']);
  });
});
