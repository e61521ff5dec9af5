import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../../..');

export interface ServiceFromSource {
  child: ChildProcess;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** What it printed so far, stdout and stderr together. */
  output(): string;
  /** Its exit code, or 'still running' after `timeoutMs` (then it is killed). */
  exitWithin(timeoutMs: number): Promise<number | null | 'still running'>;
}

/**
 * A service as its own process, from its TypeScript sources (tools/ts-register.js, no build), on
 * port 0 with `env` over this process's environment: for tests of how it starts or stops.
 */
export function runServiceFromSource(app: string, env: NodeJS.ProcessEnv): ServiceFromSource {
  const child = spawn(
    process.execPath,
    ['-r', join(ROOT, 'tools/ts-register.js'), `apps/${app}/src/main.ts`],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    child,
    exited,
    output: () => output,
    async exitWithin(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'still running'>(
        (done) => (timer = setTimeout(() => done('still running'), timeoutMs)),
      );
      const code = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (code === 'still running') child.kill('SIGKILL');
      return code;
    },
  };
}
