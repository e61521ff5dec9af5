import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bus } from '@swap/bus';
import { chainReader, chainRelay, usesRealNode, nodeSettings } from '@swap/chain';
import { accountKeyVariables, mnemonicToSeed } from '@swap/chain-keys';
import { NETWORKS } from '@swap/domain';
import { appMain, ROOT } from '../../apps/launcher/src/repo-paths';
import { SERVICES } from '../../apps/launcher/src/services';
import { type Env, environmentOf, loadCompose } from './support/compose-file';
import { Project, removeTemporaryDirs, temporaryDir } from './support/compose-project';
import { appOf, problems, type TreasuryConfig, validate } from './support/service-config';

// docker-compose.yml without a Docker engine: each container's environment is built as compose and
// the image would build it (interpolation, the volumes init fills for real, the env files the command
// sources), then every service runs its own start-up validation on exactly that.

const SOURCED_ENV_FILES = 'for f in /run/swap/*/*.env'; // the app command's loop over init's env files
const DATABASE = 'database-credentials'; // the volume with the password and DATABASE_URL
const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const NO_BUS = {} as Bus; // real nodes' readers never touch the bus

/** The password of a DATABASE_URL as pg reads it: the user-info, percent-decoded. */
const passwordIn = (url: string): string => decodeURIComponent(new URL(url).password);

beforeAll(() => {
  // The init service runs the launcher's compiled code, as it does in the image.
  execFileSync(process.execPath, [join(ROOT, 'tools/build.js')], { stdio: 'inherit' });
});

afterAll(removeTemporaryDirs);

describe('docker-compose.yml (devnet)', () => {
  let project: Project;
  let initOutput: string;

  beforeAll(() => {
    project = Project.of(['docker-compose.yml'], {}); // a bare `docker compose up`: nothing set
    const run = project.runInit();
    initOutput = run.stdout + run.stderr;
  });

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

  it('waits for init to finish, and probes /readyz on the port the app listens on', () => {
    for (const name of project.appServices()) {
      const service = project.service(name);
      expect(service.depends_on?.['init']).toEqual({ condition: 'service_completed_successfully' });
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

  it('gives every service an environment its own validation accepts', () => {
    expect(problems(project)).toEqual([]);
  });

  it('gives DATABASE_URL, with that password, to exactly the services whose validation needs it', () => {
    const withUrl = project.appServices().filter((name) => 'DATABASE_URL' in project.containerEnv(name));
    const refusedWithout = problems(project, DATABASE);
    expect(refusedWithout.map((problem) => problem.split(':')[0])).toEqual(withUrl);
    for (const problem of refusedWithout) expect(problem).toContain('DATABASE_URL: missing');
    expect(project.appServices().filter((name) => !withUrl.includes(name))).toEqual(['pricing']);
    expect(project.mountersOfVolumeHolding('database.env').sort()).toEqual(
      [...withUrl, 'init', 'postgres'].sort(),
    );

    const postgres = environmentOf(project.service('postgres'), {});
    for (const name of withUrl) {
      const url = new URL(project.containerEnv(name)['DATABASE_URL']);
      expect({
        name,
        host: url.host,
        user: url.username,
        path: url.pathname,
        password: passwordIn(url.href),
      }).toEqual({
        name,
        host: 'postgres:5432',
        user: postgres['POSTGRES_USER'],
        path: `/${postgres['POSTGRES_DB']}`,
        password: project.postgresPassword(),
      });
    }
  });

  it('gives the treasury the keys whose public halves the engine, devnet and watchers got', () => {
    const { keys } = validate(project, 'treasury') as TreasuryConfig;
    const engine = project.containerEnv('engine');
    for (const network of NETWORKS) expect(keys.accountPublic(network)).toBe(engine[`${network}_XPUB`]);
  });

  it('lets the treasury alone (and init) mount the mnemonic, the gateway and the notifier alone SECRETS_KEY', () => {
    expect(project.mountersOfVolumeHolding('treasury.mnemonic').sort()).toEqual(['init', 'treasury']);
    expect(project.mountersOfVolumeHolding('gateway.env').sort()).toEqual(['gateway', 'init', 'notifier']);
    for (const spec of SERVICES) {
      const env = project.containerEnv(spec.name);
      expect({ name: spec.name, secretsKey: 'SECRETS_KEY' in env }).toEqual({
        name: spec.name,
        secretsKey: spec.secretsKey === true,
      });
      expect({ name: spec.name, xpubs: NETWORKS.every((n) => `${n}_XPUB` in env) }).toEqual({
        name: spec.name,
        xpubs: spec.accountKeys === true,
      });
    }
  });

  it('fails validation without what init provides', () => {
    expect(() => validate(project, 'engine', 'account-keys')).toThrow('BTC_XPUB: missing');
    expect(() => validate(project, 'watcher-xmr', 'account-keys')).toThrow('XMR_XPUB: missing');
    expect(() => validate(project, 'devnet', 'account-keys')).toThrow('SOL_XPUB: missing');
    expect(() => validate(project, 'gateway', 'gateway-secrets')).toThrow('SECRETS_KEY: missing');
    expect(() => validate(project, 'notifier', 'gateway-secrets')).toThrow('SECRETS_KEY: missing');
    expect(() => validate(project, 'treasury', 'treasury-mnemonic')).toThrow(
      'cannot read TREASURY_MNEMONIC_FILE',
    );
    expect(() => validate(project, 'engine', DATABASE)).toThrow('DATABASE_URL: missing');
  });

  it('keeps the mnemonic, SECRETS_KEY and the database password across runs, readable by their owner only, and out of the log', () => {
    const files: [string, string][] = [
      ['treasury-mnemonic', 'treasury.mnemonic'],
      ['gateway-secrets', 'gateway.env'],
      ['account-keys', 'account-keys.env'],
      [DATABASE, 'postgres.password'],
      [DATABASE, 'database.env'],
    ];
    const read = () => files.map(([volume, file]) => readFileSync(project.volumeFile(volume, file), 'utf8'));
    const first = read();
    const again = project.runInit();
    expect(read()).toEqual(first);
    for (const [volume, file] of files.filter(([, file]) => file !== 'account-keys.env')) {
      expect({ file, groupOrOther: statSync(project.volumeFile(volume, file)).mode & 0o077 }).toEqual({
        file,
        groupOrOther: 0,
      });
    }
    const log = initOutput + again.stdout + again.stderr;
    expect(log).toContain('treasury.mnemonic');
    expect(log).toContain('postgres.password');
    expect(log).not.toContain(first[0].trim().split(' ').slice(0, 3).join(' '));
    expect(log).not.toContain(project.containerEnv('gateway')['SECRETS_KEY']);
    expect(log).not.toContain(project.postgresPassword());
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
  let initOutput: string;

  beforeAll(() => {
    project = Project.of(['docker-compose.yml'], { POSTGRES_PASSWORD: password });
    const run = project.runInit();
    initOutput = run.stdout + run.stderr;
  });

  it('is the password PostgreSQL is made with and the one in every DATABASE_URL', () => {
    expect(project.postgresPassword()).toBe(password);
    const urls = project
      .appServices()
      .map((name) => project.containerEnv(name)['DATABASE_URL'])
      .filter(Boolean);
    expect(urls.length).toBe(project.appServices().length - 1); // all but pricing
    for (const url of urls) expect(passwordIn(url)).toBe(password);
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
  // An external PostgreSQL; `&` and `?` are sh's own unless init quotes them.
  const externalDatabase =
    'postgres://swap:p%40ss@db.example.com:5432/swap?sslmode=require&application_name=swap';
  let project: Project;

  beforeAll(() => {
    const dir = temporaryDir('compose-host-');
    writeFileSync(join(dir, 'treasury.mnemonic'), `${PHRASE}\n`, { mode: 0o600 });
    project = Project.of(files, {
      ...nodes,
      TREASURY_MNEMONIC_FILE: join(dir, 'treasury.mnemonic'),
      DATABASE_URL: externalDatabase,
    });
    project.runInit();
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

  it('gives the services that use the database the external DATABASE_URL as it was given', () => {
    const urls = Object.fromEntries(
      project.appServices().map((name) => [name, project.containerEnv(name)['DATABASE_URL']]),
    );
    const expected = Object.fromEntries(
      project.appServices().map((name) => [name, name === 'pricing' ? undefined : externalDatabase]),
    );
    expect(urls).toStrictEqual(expected);
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
