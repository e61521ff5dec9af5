import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { ROOT } from '../../../apps/launcher/src/repo-paths';
import { type Compose, type Env, environmentOf, loadCompose, type Service } from './compose-file';

// A compose project on this machine instead of a Docker engine: a directory for each named volume,
// the checkout for bind mounts, init run for real, and each app's command run by sh up to its exec.

interface Mount {
  source: string;
  target: string;
  kind: 'volume' | 'bind' | 'secret';
}

const temporaryDirs: string[] = [];
/** Where init's env files are mounted, and what the app command's loop sources. */
const ENV_FILES_ROOT = '/run/swap/';
// What sh itself puts in the environment it execs with.
const SHELL_VARIABLES = ['PWD', 'OLDPWD', 'SHLVL', '_', 'PATH'];

export function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

export function removeTemporaryDirs(): void {
  temporaryDirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
}

export class Project {
  readonly volumeDirs: Record<string, string>;
  private readonly mountPointDirs = new Map<string, string>();

  constructor(
    readonly compose: Compose,
    readonly host: Env,
  ) {
    this.volumeDirs = Object.fromEntries(
      Object.keys(compose.volumes ?? {}).map((name) => [name, temporaryDir(`compose-${name}-`)]),
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

  /** A file a one-shot job (init, database-roles) wrote into a named volume. */
  volumeFile(volume: string, file: string): string {
    return join(this.volumeDirs[volume], file);
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

  /**
   * Where a container path of service `name` is on this machine; undefined outside its mounts. A
   * directory that only holds mount points (init's /run/swap/bus) is one of links to them.
   */
  hostPath(name: string, path: string, without?: string): string | undefined {
    const mounts = this.mounts(name, without);
    const mount = mounts.find((m) => path === m.target || path.startsWith(`${m.target}/`));
    if (!mount) {
      const inside = mounts.filter((m) => m.kind === 'volume' && m.target.startsWith(`${path}/`));
      return this.mountPointsDir(`${name}:${path}:${without ?? ''}`, inside, path);
    }
    const rest = relative(mount.target, path);
    if (mount.kind === 'volume') return join(this.volumeDirs[mount.source], rest);
    const file = mount.kind === 'secret' ? this.compose.secrets?.[mount.source]?.file : mount.source;
    if (!file) throw new Error(`secret ${mount.source} has no file`);
    return join(isAbsolute(file) ? file : join(ROOT, file), rest);
  }

  private mountPointsDir(key: string, inside: Mount[], path: string): string | undefined {
    if (inside.length === 0) return undefined;
    const known = this.mountPointDirs.get(key);
    if (known) return known;
    const dir = temporaryDir('compose-mount-points-');
    for (const mount of inside) {
      const link = join(dir, relative(path, mount.target));
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(this.volumeDirs[mount.source], link);
    }
    this.mountPointDirs.set(key, dir);
    return dir;
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

  /** Runs the init service's command as its container would. */
  runInit(): { stdout: string; stderr: string } {
    return this.runJob('init');
  }

  /**
   * Runs a one-shot service's `node` command as its container would (from the image's /app: this
   * checkout), its environment overridden by `overrides` (a host name this machine cannot resolve).
   */
  runJob(name: string, overrides: Env = {}): { stdout: string; stderr: string } {
    const [command, ...args] = this.service(name).command ?? [];
    if (command !== 'node') throw new Error(`${name} runs ${command}, not node`);
    const env = {
      ...this.environment(name),
      ...overrides,
      // The image's `node` user need not exist here: hand the files to whoever runs the test.
      KEYS_OWNER: userInfo().username,
      PATH: String(process.env.PATH),
    };
    const run = spawnSync(
      process.execPath,
      args.map((arg) => this.hostPath(name, arg) ?? arg),
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`${name} failed: ${run.stderr}`);
    return run;
  }

  /**
   * What the app finds in process.env: its command's script run by sh with the service's
   * environment, over its volumes as mounted, up to the `exec node`, which prints the environment.
   */
  containerEnv(name: string, without?: string): Env {
    const [shell, flag, script] = this.service(name).command ?? [];
    if (shell !== 'sh' || flag !== '-c' || !/exec node .*$/s.test(script)) {
      throw new Error(`${name}: the command is not \`sh -c '… exec node …'\``);
    }
    const root = temporaryDir(`compose-${name}-root-`);
    for (const mount of this.mounts(name, without)) {
      if (mount.kind !== 'volume' || !mount.target.startsWith(ENV_FILES_ROOT)) continue;
      mkdirSync(join(root, dirname(mount.target)), { recursive: true });
      symlinkSync(this.volumeDirs[mount.source], join(root, mount.target));
    }
    const local = script
      .replaceAll(ENV_FILES_ROOT, `${root}${ENV_FILES_ROOT}`)
      .replace(/exec node .*$/s, 'exec env -0');
    const env = this.environment(name, without);
    const run = spawnSync('sh', ['-c', local], {
      env: { PATH: String(process.env.PATH), ...env },
      encoding: 'utf8',
    });
    rmSync(root, { recursive: true, force: true });
    if (run.status !== 0) throw new Error(`${name}: its command failed: ${run.stderr}`);
    const entries = run.stdout
      .split('\0')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2))
      .filter(([k]) => k in env || !SHELL_VARIABLES.includes(k));
    return Object.fromEntries(entries);
  }

  /**
   * The services `docker compose up` runs from the app image: not the one-shot jobs (init,
   * database-roles), nor the tools (profiles).
   */
  appServices(): string[] {
    return Object.keys(this.compose.services).filter((name) => {
      const service = this.service(name);
      return service.build && service.restart !== 'no' && !service.profiles;
    });
  }

  /** The services that mount the volume in which a one-shot job wrote `file`. */
  mountersOfVolumeHolding(file: string): string[] {
    const volume = Object.keys(this.volumeDirs).find((name) => existsSync(join(this.volumeDirs[name], file)));
    if (!volume) throw new Error(`no job wrote ${file}`);
    return Object.keys(this.compose.services).filter((name) =>
      this.mounts(name).some((m) => m.source === volume),
    );
  }

  /** The password the postgres image's entrypoint takes (its file_env): the variable or the _FILE. */
  postgresPassword(): string {
    const { POSTGRES_PASSWORD: value, POSTGRES_PASSWORD_FILE: file } = this.environment('postgres');
    if (value && file) throw new Error('both POSTGRES_PASSWORD and POSTGRES_PASSWORD_FILE are set');
    if (value) return value;
    if (!file || !existsSync(file)) throw new Error(`postgres cannot read POSTGRES_PASSWORD_FILE ${file}`);
    return readFileSync(file, 'utf8').replace(/\n+$/, '');
  }
}
