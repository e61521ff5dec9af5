import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT_CONFIG } from '@swap/service-kit';
import { pipeLines } from './line-pipe';
import { jsonView, launcherView } from './log-view';
import { appMain, ROOT } from './repo-paths';
import { useLogView } from './say';

const ANSI = /\p{Cc}\[[0-9;]*m/gu; // a terminal's colours
const HUMAN = /^\d\d:\d\d:\d\d\.\d{3} /;
const SECRETS = /hunter2|s3cret/;

/**
 * What a person and a machine see of a service's logs: a real process logging through the built
 * createLogger (JSON, as the launcher's children do, or as LOG_FORMAT and its terminal decide),
 * read through the launcher's own line pipe with the terminal decision given both ways.
 */
describe('log lines, for a person and for a machine', () => {
  let dir: string;
  let service: string;

  beforeAll(() => {
    execFileSync(process.execPath, [join(ROOT, 'tools/build.js')], { stdio: 'inherit' });
    dir = mkdtempSync(join(tmpdir(), 'log-view-'));
    service = join(dir, 'service.js');
    const kit = join(ROOT, 'dist/libs/shared/service-kit/src/index.js');
    writeFileSync(
      service,
      `const logger = require(${JSON.stringify(kit)}).createLogger('demo');
       logger.info({ swapId: 'S1', network: 'LTC', startupMs: { modules: 800 } }, 'swap created');
       logger.warn({ password: 'hunter2', rpc: 'http://rpc:s3cret@10.0.0.2:9332/' }, 'node away');
       logger.error({ err: new Error('boom') }, 'handler failed');
       process.stderr.write('a line that is not JSON\\n');`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the service as the launcher does (LOG_FORMAT=json, piped) and returns what the view wrote. */
  async function throughLauncher(terminal: boolean): Promise<string[]> {
    const written: string[] = [];
    useLogView(launcherView({}, terminal, false), { write: (text: string) => written.push(text) > 0 });
    const child = spawn(process.execPath, [service], {
      env: { ...process.env, LOG_FORMAT: 'json' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeLines('demo', child.stdout);
    pipeLines('demo', child.stderr);
    await new Promise((resolve) => child.once('close', resolve));
    useLogView(jsonView());
    return written.join('').split('\n').slice(0, -1);
  }

  it('on a terminal, the launcher shows human lines behind the service name, secrets masked', async () => {
    const lines = await throughLauncher(true);
    expect(lines.every((line) => line.startsWith('demo        | '))).toBe(true);
    const shown = lines.map((line) => line.slice('demo        | '.length));
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO: {2}swap created swapId=S1 network=LTC$/),
        expect.stringMatching(
          / WARN: {2}node away password=\[redacted\] rpc=http:\/\/rpc:\[redacted\]@10\.0\.0\.2:9332\/$/,
        ),
        expect.stringMatching(/ ERROR: handler failed$/),
        '    Error: boom',
        'a line that is not JSON',
      ]),
    );
    expect(shown.some((line) => line.startsWith('        at '))).toBe(true);
    expect(lines.join('\n')).not.toMatch(SECRETS);
    expect(lines.join('\n')).not.toContain('"level"');
  });

  it('piped (npm start | cat), every line it writes is JSON, secrets masked', async () => {
    const lines = await throughLauncher(false);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((r) => [r['service'], r['level'], r['msg']])).toEqual(
      expect.arrayContaining([
        ['demo', 'info', 'swap created'],
        ['demo', 'warn', 'node away'],
        ['demo', 'error', 'handler failed'],
        ['demo', 'warn', 'a line that is not JSON'],
      ]),
    );
    expect(records.find((r) => r['msg'] === 'swap created')).toMatchObject({ swapId: 'S1', network: 'LTC' });
    expect(lines.join('\n')).not.toMatch(SECRETS);
  });

  it('run by hand, a service writes human lines on a real terminal and JSON into a pipe', () => {
    const { LOG_FORMAT: _unset, ...env } = process.env;
    // `script` gives the service a pseudo-terminal of its own, as a person's shell would.
    const onTerminal = spawnSync('script', ['-qec', `${process.execPath} ${service}`, '/dev/null'], {
      env,
      encoding: 'utf8',
    });
    const human = onTerminal.stdout.replace(ANSI, '').split(/\r?\n/);
    expect(human).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}\(demo\): swap created swapId=S1/),
      ]),
    );
    expect(human.filter((line) => HUMAN.test(line))).toHaveLength(3);
    expect(onTerminal.stdout).not.toMatch(SECRETS);

    const piped = spawnSync(process.execPath, [service], { env, encoding: 'utf8' });
    const lines = piped.stdout.trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'swap created',
      'node away',
      'handler failed',
    ]);
    expect(piped.stdout).not.toMatch(SECRETS);
  });

  it('a LOG_FORMAT that cannot work stops a service and the launcher, naming it', () => {
    const env = { ...process.env, LOG_FORMAT: 'yaml' };
    for (const main of [appMain('gateway'), appMain('launcher')]) {
      const run = spawnSync(process.execPath, [main], { env, encoding: 'utf8', timeout: 60_000 });
      expect({ main, status: run.status }).toEqual({ main, status: EXIT_CONFIG });
      expect(run.stderr).toContain('LOG_FORMAT: must be json or pretty');
    }
  });
});
