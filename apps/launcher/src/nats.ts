import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { freePort, waitForPort } from './free-port';
import { pipeLines } from './line-pipe';
import { isRunning, killOnExit, stopChild } from './process-group';
import { stopStale } from './stale-process';

export interface RunningNats {
  url: string;
  stop(): Promise<void>;
}

const DEFAULT_PORT = 4229;
const READY_TIMEOUT_MS = 15_000;

export const NATS_INSTALL_HINT = [
  'nats-server was not found on the PATH. Install it, or set NATS_URL to a running server:',
  '  Debian/Ubuntu:  sudo apt-get install -y nats-server',
  '  elsewhere:      https://github.com/nats-io/nats-server/releases (put nats-server on the PATH)',
].join('\n');

/** nats-server from the PATH (or NATS_SERVER_BIN); undefined when it is not installed. */
export function findNatsServer(): string | undefined {
  const explicit = process.env['NATS_SERVER_BIN'];
  // Debian installs it in /usr/sbin, which is not on an ordinary user's PATH.
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  const candidates = explicit ? [explicit] : dirs.filter(Boolean).map((dir) => join(dir, 'nats-server'));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * A loopback nats-server with JetStream, its store in `storeDir` so streams survive restarts, that
 * admits only the users of `authorization` (a configuration block, see prepareBusAuthorization).
 */
export async function startNats(
  binary: string,
  storeDir: string,
  authorization: string,
): Promise<RunningNats> {
  mkdirSync(storeDir, { recursive: true });
  // Beside the store, owner-only: it names every identity's public key and permissions.
  const configFile = join(dirname(storeDir), 'nats.conf');
  writeFileSync(configFile, authorization, { mode: 0o600 });
  // One left by an earlier run that stopped uncleanly would share the store with the new one.
  const pidFile = join(dirname(storeDir), 'nats.pid');
  await stopStale('nats-server', pidFile, storeDir, 'SIGTERM');
  const port = await freePort(DEFAULT_PORT);
  const args = [
    '-c',
    configFile,
    '-js',
    '-a',
    '127.0.0.1',
    '-p',
    String(port),
    '-sd',
    storeDir,
    '-n',
    'swap-launcher',
  ];
  const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  killOnExit(child);
  if (child.pid) writeFileSync(pidFile, `${child.pid}\n`);
  child.once('exit', () => rmSync(pidFile, { force: true }));
  const tail: string[] = [];
  // Its start-up banner is twenty lines; show warnings and errors, keep the rest for a failure.
  const keep = (line: string) => {
    tail.push(line);
    if (tail.length > 30) tail.shift();
    return /\[(WRN|ERR|FTL)\]/.test(line);
  };
  pipeLines('nats', child.stdout, keep);
  pipeLines('nats', child.stderr, keep);
  let spawnError: Error | undefined;
  child.once('error', (err) => (spawnError = err));

  try {
    await waitForPort(port, READY_TIMEOUT_MS, () => !spawnError && isRunning(child));
  } catch (err) {
    await stopChild(child, 'SIGTERM', 5_000);
    throw new Error(
      `nats-server did not start: ${(spawnError ?? (err as Error)).message}\n${tail.join('\n')}`,
    );
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    // SIGTERM lets JetStream flush its store.
    stop: () => stopChild(child, 'SIGTERM', 10_000),
  };
}
