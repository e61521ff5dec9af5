import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@swap/testing';
import { ServiceProcess } from './service-process';

/**
 * A stand-in service: tells `steps` over IPC as StartupProgress does, `pauseMs` apart, printing
 * `says` first, then answers /readyz 200 unless it hangs after its steps.
 */
function script(dir: string, name: string, steps: string[], pauseMs: number, hang = false): string {
  const path = join(dir, `${name}.js`);
  writeFileSync(
    path,
    `
const http = require('node:http');
const steps = ${JSON.stringify(steps)};
process.stdout.write('hello from ${name}\\n');
let at = 0;
const next = () => {
  if (at < steps.length) {
    if (process.env.STARTUP_PROGRESS_IPC === 'true') process.send({ startup: { step: steps[at++], atMs: Math.round(performance.now()) } });
    return setTimeout(next, ${pauseMs});
  }
  if (${hang}) return setInterval(() => undefined, 1000);
  http.createServer((req, res) => res.end('{"status":"ok"}')).listen(Number(process.env.PORT), '127.0.0.1');
};
next();
`,
  );
  return path;
}

describe('ServiceProcess start-up wait', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'service-process-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('waits as long as the start-up moves, past the stall limit in total', async () => {
    const steps = ['modules loaded', 'bus connected', 'database migrated', 'providers built', 'listening'];
    const service = new ServiceProcess('slow', script(dir, 'slow', steps, 600), await freePort(), {});
    try {
      await service.start(1_500);
      expect(service.startMs).toBeGreaterThan(2_500);
      expect(service.startupSteps.map((s) => s.step)).toEqual(steps);
    } finally {
      await service.stop();
    }
  });

  it('gives up once nothing moves for the stall limit, saying where it stood and what it printed', async () => {
    const hung = script(dir, 'hung', ['modules loaded', 'bus connected'], 100, true);
    const service = new ServiceProcess('hung', hung, await freePort(), {});
    try {
      const failure = await service.start(1_000).then(
        () => 'started',
        (err: unknown) => String(err),
      );
      expect(failure).toMatch(/^Error: hung not ready after \d+\.\d s, 1\.\d s without progress/);
      expect(failure).toMatch(/finished: modules loaded at \d+\.\d s, bus connected at \d+\.\d s\)/);
      expect(failure).toMatch(/what hung printed last:\nhello from hung/);
    } finally {
      await service.stop();
    }
  });
});
