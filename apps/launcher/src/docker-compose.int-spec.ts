/* eslint-disable @nx/enforce-module-boundaries -- a deployment test runs every app's own config validation */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import type { Bus } from '@swap/bus';
import { chainReader, chainRelay, usesRealNode } from '@swap/chain';
import { accountKeyVariables, mnemonicToSeed } from '@swap/chain-keys';
import { NETWORKS } from '@swap/domain';
import { parseConfig } from '@swap/service-kit';
import { devnetConfigSchema } from '../../devnet/src/devnet.config';
import { engineConfigSchema } from '../../engine/src/engine.config';
import { gatewayConfigSchema } from '../../gateway/src/gateway.config';
import { loadPricingConfig } from '../../pricing/src/pricing.config';
import { refundsConfigSchema } from '../../refunds/src/refunds.config';
import { completeConfig, treasuryConfigSchema } from '../../treasury/src/treasury.config';
import { watcherConfigSchema } from '../../watcher/src/watcher.config';
import { appMain, ROOT } from './repo-paths';
import { SERVICES } from './services';

// docker-compose.yml without a Docker engine: each container's environment is built as compose and
// the image would build it (interpolation, the volumes init fills for real, the env files the command
// sources), then every service runs its own start-up validation on exactly that.

type Env = Record<string, string>;
interface Service {
  build?: unknown;
  command?: string[];
  environment?: Record<string, unknown> | string[];
  volumes?: string[];
  secrets?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file: string }>;
}
interface Mount {
  source: string;
  target: string;
  kind: 'volume' | 'bind' | 'secret';
}

const SOURCED_ENV_FILES = 'for f in /run/swap/*/*.env'; // the app command's loop over init's env files
const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const NO_BUS = {} as Bus; // real nodes' readers never touch the bus
const temporaryDirs: string[] = [];

const VALIDATE: Record<string, (env: Env) => unknown> = {
  gateway: (env) => parseConfig(gatewayConfigSchema, env),
  pricing: (env) => withProcessEnv(env, loadPricingConfig),
  engine: (env) => parseConfig(engineConfigSchema, env),
  treasury: (env) => completeConfig(parseConfig(treasuryConfigSchema, env), env),
  refunds: (env) => parseConfig(refundsConfigSchema, env),
  devnet: (env) => parseConfig(devnetConfigSchema, env),
  watcher: (env) => parseConfig(watcherConfigSchema, env),
};

/** The pricing service reads process.env itself and exits on a bad one: see its message instead. */
function withProcessEnv<T>(env: Env, read: () => T): T {
  const saved = process.env;
  let message = '';
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((text) => {
    message += String(text);
    return true;
  });
  const exit = jest.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error(message);
  });
  process.env = env;
  try {
    return read();
  } finally {
    process.env = saved;
    stderr.mockRestore();
    exit.mockRestore();
  }
}

/** `$$`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}`, `${VAR?message}`, `$VAR`. */
function interpolate<T>(value: T, env: Env): T {
  if (typeof value === 'string') {
    const pattern = /\$\$|\$\{(\w+)(?:(:?)([-?])([^}]*))?\}|\$(\w+)/g;
    return value.replace(
      pattern,
      (whole, name?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
        if (whole === '$$') return '$';
        const current = env[(name ?? bare) as string];
        const missing = current === undefined || (colon === ':' && current === '');
        if (op === '-' && missing) return arg as string;
        if (op === '?' && missing) throw new Error(`compose refuses: ${arg}`);
        return current ?? '';
      },
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)])) as T;
  return value;
}

const environmentOf = (service: Service, host: Env): Env => {
  const entries = Array.isArray(service.environment)
    ? service.environment.map((line) => line.split(/=(.*)/s).slice(0, 2))
    : Object.entries(service.environment ?? {});
  // A name without a value is taken from the host, or left out when the host has none either.
  return Object.fromEntries(
    entries.flatMap(([k, v]) =>
      v === null || v === undefined ? (k in host ? [[k, host[k]]] : []) : [[k, String(v)]],
    ),
  );
};

/** The override rules `docker compose -f a -f b` applies to what these files use. */
function mergeService(base: Service, over: Service, host: Env): Service {
  const byTarget = (list: string[] = []) => new Map(list.map((v) => [v.split(':')[1], v]));
  return {
    ...base,
    ...over,
    environment: { ...environmentOf(base, host), ...environmentOf(over, host) },
    volumes: [...new Map([...byTarget(base.volumes), ...byTarget(over.volumes)]).values()],
    secrets: [...new Set([...(base.secrets ?? []), ...(over.secrets ?? [])])],
    depends_on: { ...base.depends_on, ...over.depends_on },
  };
}

function loadCompose(files: string[], host: Env): Compose {
  const [first, ...overrides] = files.map(
    (file) =>
      interpolate(
        load(readFileSync(join(ROOT, file), 'utf8'), { schema: CORE_SCHEMA.withTags(mergeTag) }),
        host,
      ) as Compose,
  );
  return overrides.reduce<Compose>(
    (compose, over) => ({
      services: Object.fromEntries(
        [...new Set([...Object.keys(compose.services), ...Object.keys(over.services)])].map((name) => [
          name,
          mergeService(compose.services[name] ?? {}, over.services[name] ?? {}, host),
        ]),
      ),
      volumes: { ...compose.volumes, ...over.volumes },
      secrets: { ...compose.secrets, ...over.secrets },
    }),
    first,
  );
}

/** A compose project on this machine: a fresh directory per named volume, the checkout for binds. */
class Project {
  readonly volumeDirs: Record<string, string>;

  constructor(
    readonly compose: Compose,
    readonly host: Env,
  ) {
    this.volumeDirs = Object.fromEntries(
      Object.keys(compose.volumes ?? {}).map((name) => {
        const dir = mkdtempSync(join(tmpdir(), `compose-${name}-`));
        temporaryDirs.push(dir);
        return [name, dir];
      }),
    );
  }

  static of(files: string[], host: Env): Project {
    return new Project(loadCompose(files, host), host);
  }

  service(name: string): Service {
    const service = this.compose.services[name];
    if (!service) throw new Error(`no service ${name}`);
    return service;
  }

  mounts(name: string, without?: string): Mount[] {
    const service = this.service(name);
    const volumes = (service.volumes ?? []).map((spec): Mount => {
      const [source, target] = spec.split(':');
      return { source, target, kind: /^[./]/.test(source) ? 'bind' : 'volume' };
    });
    const secrets = (service.secrets ?? []).map((secret): Mount => ({
      source: secret,
      target: `/run/secrets/${secret}`,
      kind: 'secret',
    }));
    return [...volumes, ...secrets].filter((mount) => mount.source !== without);
  }

  /** Where a container path of service `name` is on this machine; undefined outside its mounts. */
  hostPath(name: string, path: string, without?: string): string | undefined {
    const mount = this.mounts(name, without).find(
      (m) => path === m.target || path.startsWith(`${m.target}/`),
    );
    if (!mount) return undefined;
    const rest = relative(mount.target, path);
    if (mount.kind === 'volume') return join(this.volumeDirs[mount.source], rest);
    const file = mount.kind === 'secret' ? this.compose.secrets?.[mount.source]?.file : mount.source;
    if (!file) throw new Error(`secret ${mount.source} has no file`);
    return join(isAbsolute(file) ? file : join(ROOT, file), rest);
  }

  /** The service's environment with its container paths made this machine's. */
  environment(name: string, without?: string): Env {
    const env = environmentOf(this.service(name), this.host);
    const mapped = Object.entries(env).map(([k, v]) => [
      k,
      (isAbsolute(v) && this.hostPath(name, v, without)) || v,
    ]);
    return Object.fromEntries(mapped);
  }

  /** Runs the init service's command as its container would (from the image's /app: this checkout). */
  runInit(): { stdout: string; stderr: string } {
    const [command, ...args] = this.service('init').command ?? [];
    expect(command).toBe('node');
    const env = {
      ...this.environment('init'),
      // The image's `node` user need not exist here: hand the files to whoever runs the test.
      KEYS_OWNER: userInfo().username,
      PATH: String(process.env.PATH),
    };
    const run = spawnSync(
      process.execPath,
      args.map((arg) => this.hostPath('init', arg) ?? arg),
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`init failed: ${run.stderr}`);
    return run;
  }

  /** What the app finds in process.env: its environment, then the env files its command sources. */
  containerEnv(name: string, without?: string): Env {
    const sourced = this.mounts(name, without)
      .filter((mount) => mount.kind === 'volume' && dirname(mount.target) === '/run/swap')
      .flatMap((mount) => {
        const dir = this.volumeDirs[mount.source];
        return readdirSync(dir)
          .filter((file) => file.endsWith('.env'))
          .map((file) => join(dir, file));
      })
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean))
      .map((line) => line.split(/=(.*)/s).slice(0, 2));
    return { ...this.environment(name, without), ...Object.fromEntries(sourced) };
  }

  appServices(): string[] {
    return Object.keys(this.compose.services).filter((name) => name !== 'init' && this.service(name).build);
  }

  /** The services that mount the volume in which init wrote `file`. */
  mountersOfVolumeHolding(file: string): string[] {
    const volume = Object.keys(this.volumeDirs).find((name) => existsSync(join(this.volumeDirs[name], file)));
    if (!volume) throw new Error(`init wrote no ${file}`);
    return Object.keys(this.compose.services).filter((name) =>
      this.mounts(name).some((m) => m.source === volume),
    );
  }
}

const appOf = (project: Project, name: string) => project.environment(name)['APP'];

/** Runs the service's own validation; returns the treasury's keys when it is the treasury. */
function validate(project: Project, name: string, without?: string) {
  const app = appOf(project, name);
  const check = VALIDATE[app];
  if (!check) throw new Error(`${name}: no validation known for APP=${app}`);
  return check(project.containerEnv(name, without));
}

/** Every app service whose validation refuses its environment, with what it said. */
function problems(project: Project): string[] {
  return project.appServices().flatMap((name) => {
    try {
      validate(project, name);
      return [];
    } catch (err) {
      return [`${name}: ${err instanceof Error ? err.message : String(err)}`];
    }
  });
}

const BASE_HOST: Env = { POSTGRES_PASSWORD: 'test-password' };

beforeAll(() => {
  // The init service runs the launcher's compiled code, as it does in the image.
  execFileSync(process.execPath, [join(ROOT, 'tools/build.js')], { stdio: 'inherit' });
});

afterAll(() => temporaryDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('docker-compose.yml (devnet)', () => {
  let project: Project;
  let initOutput: string;

  beforeAll(() => {
    project = Project.of(['docker-compose.yml'], BASE_HOST);
    const run = project.runInit();
    initOutput = run.stdout + run.stderr;
  });

  it('refuses to start without POSTGRES_PASSWORD rather than using a default', () => {
    expect(() => loadCompose(['docker-compose.yml'], {})).toThrow('POSTGRES_PASSWORD');
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

  it('gives every service an environment its own validation accepts', () => {
    expect(problems(project)).toEqual([]);
  });

  it('gives the treasury the keys whose public halves the engine, devnet and watchers got', () => {
    const { keys } = validate(project, 'treasury') as ReturnType<typeof completeConfig>;
    const engine = project.containerEnv('engine');
    for (const network of NETWORKS) expect(keys.accountPublic(network)).toBe(engine[`${network}_XPUB`]);
  });

  it('lets the treasury alone (and init) mount the mnemonic, the gateway alone SECRETS_KEY', () => {
    expect(project.mountersOfVolumeHolding('treasury.mnemonic').sort()).toEqual(['init', 'treasury']);
    expect(project.mountersOfVolumeHolding('gateway.env').sort()).toEqual(['gateway', 'init']);
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
    expect(() => validate(project, 'treasury', 'treasury-mnemonic')).toThrow(
      'cannot read TREASURY_MNEMONIC_FILE',
    );
  });

  it('keeps the mnemonic and SECRETS_KEY across runs, readable by their owner only, and out of the log', () => {
    const files = [
      'treasury-mnemonic/treasury.mnemonic',
      'gateway-secrets/gateway.env',
      'account-keys/account-keys.env',
    ];
    const read = () =>
      files.map((f) => readFileSync(join(project.volumeDirs[dirname(f)], f.split('/')[1]), 'utf8'));
    const first = read();
    const again = project.runInit();
    expect(read()).toEqual(first);
    expect(statSync(join(project.volumeDirs['treasury-mnemonic'], 'treasury.mnemonic')).mode & 0o077).toBe(0);
    expect(statSync(join(project.volumeDirs['gateway-secrets'], 'gateway.env')).mode & 0o077).toBe(0);
    const log = initOutput + again.stdout + again.stderr;
    expect(log).toContain('treasury.mnemonic');
    expect(log).not.toContain(first[0].trim().split(' ').slice(0, 3).join(' '));
    expect(log).not.toContain(project.containerEnv('gateway')['SECRETS_KEY']);
  });

  it('is valid for `docker compose config` where a Docker engine answers', () => {
    const docker = spawnSync('docker', ['info'], { timeout: 10_000, stdio: 'ignore' });
    if (docker.status !== 0) {
      console.log('skipped `docker compose config -q`: no Docker engine answers `docker info` here');
      return;
    }
    const files = ['-f', 'docker-compose.yml', '-f', 'docker-compose.real.yml'];
    const env = { ...process.env, ...BASE_HOST, TREASURY_MNEMONIC_FILE: join(ROOT, 'package.json') };
    for (const args of [
      ['compose', 'config', '-q'],
      ['compose', ...files, 'config', '-q'],
    ]) {
      const run = spawnSync('docker', args, { cwd: ROOT, env, encoding: 'utf8' });
      expect({ args, status: run.status, stderr: run.stderr }).toEqual({ args, status: 0, stderr: '' });
    }
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
  let project: Project;

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'compose-host-'));
    temporaryDirs.push(dir);
    writeFileSync(join(dir, 'treasury.mnemonic'), `${PHRASE}\n`, { mode: 0o600 });
    project = Project.of(files, {
      ...BASE_HOST,
      ...nodes,
      TREASURY_MNEMONIC_FILE: join(dir, 'treasury.mnemonic'),
    });
    project.runInit();
  });

  it("needs the operator's mnemonic file", () => {
    expect(() => loadCompose(files, { ...BASE_HOST, ...nodes })).toThrow('TREASURY_MNEMONIC_FILE');
  });

  it("derives the xpubs from the operator's phrase and generates no mnemonic", () => {
    expect(project.containerEnv('engine')).toMatchObject(accountKeyVariables(mnemonicToSeed(PHRASE)));
    expect(readdirSync(project.volumeDirs['treasury-mnemonic'])).toEqual([]);
  });

  it('gives every service an environment its own validation accepts', () => {
    expect(problems(project)).toEqual([]);
  });

  it('puts each watcher on its own network node only, and builds the reader from that environment', () => {
    for (const network of NETWORKS) {
      const name = `watcher-${network.toLowerCase()}`;
      const env = project.containerEnv(name);
      expect(NETWORKS.filter((n) => usesRealNode(n, env))).toEqual([network]);
      const accountPublic = env[`${network}_XPUB`];
      expect(() => chainReader(network, env, { bus: NO_BUS, accountPublic })).not.toThrow();
    }
  });

  it('gives the treasury and the refunds service every node, with settings their readers accept', () => {
    const treasury = project.containerEnv('treasury');
    const refunds = project.containerEnv('refunds');
    for (const network of NETWORKS) {
      expect([usesRealNode(network, treasury), usesRealNode(network, refunds)]).toEqual([true, true]);
      const accountPublic = project.containerEnv('engine')[`${network}_XPUB`];
      expect(() => chainReader(network, treasury, { bus: NO_BUS, accountPublic })).not.toThrow();
      expect(() => chainRelay(network, refunds, { bus: NO_BUS })).not.toThrow();
    }
  });

  it('leaves a network without a node URL on the devnet', () => {
    const partial = Project.of(files, {
      ...BASE_HOST,
      LTC_RPC_URL: nodes['LTC_RPC_URL'],
      TREASURY_MNEMONIC_FILE: '/x',
    });
    const env = partial.environment('treasury');
    expect(NETWORKS.filter((n) => usesRealNode(n, env))).toEqual(['LTC']);
  });
});
