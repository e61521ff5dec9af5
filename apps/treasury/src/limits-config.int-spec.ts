import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { EXIT_CONFIG } from '@swap/service-kit';

// A malformed payout limit stops the treasury at start, before it reads a key or connects to
// anything, with a message naming the variable and no stack trace, as any other setting does.

const ROOT = resolve(__dirname, '../../..');

async function treasuryStarting(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | string | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['-r', join(ROOT, 'tools/ts-register.js'), 'apps/treasury/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        // Never reached: the limits are read first.
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
        NATS_URL: 'nats://127.0.0.1:1',
        TREASURY_MNEMONIC:
          'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((done) => (timer = setTimeout(() => done('still running'), 30_000)));
  const code = await Promise.race([exited, timeout]);
  clearTimeout(timer);
  if (code === 'still running') child.kill('SIGKILL');
  return { code, output };
}

describe('the treasury with a malformed payout limit', () => {
  it('stops at start naming each variable at fault, never with a stack trace', async () => {
    const { code, output } = await treasuryStarting({
      TREASURY_MAX_ETH_PER_TRANSFER: 'ten',
      TREASURY_MAX_BTX_PER_DAY: '1',
    });

    expect({ code, output }).toMatchObject({ code: EXIT_CONFIG });
    expect(output).toContain('TREASURY_MAX_ETH_PER_TRANSFER: not an amount of ETH');
    expect(output).toContain('TREASURY_MAX_BTX_PER_DAY: not a limit the treasury knows');
    expect(output).not.toMatch(/^\s+at /m);
  }, 40_000);
});
