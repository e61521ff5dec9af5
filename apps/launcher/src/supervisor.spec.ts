import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT_CONFIG, Supervisor } from './supervisor';

describe('Supervisor', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'supervisor-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const script = (body: string) => {
    const file = join(dir, 'service.js');
    writeFileSync(file, body);
    return file;
  };

  it('does not restart a service that exits for its configuration, and passes on what it said', async () => {
    const starts = join(dir, 'starts');
    const file = script(`
      require('fs').appendFileSync(${JSON.stringify(starts)}, 'x');
      process.stderr.write('invalid configuration:\\n  - SECRETS_KEY: missing (required)\\n');
      process.exit(${EXIT_CONFIG});
    `);
    const told = new Promise<[string, string[]]>((resolve) => {
      new Supervisor('gateway', file, process.env, (name, lines) => resolve([name, lines])).start();
    });

    const [name, lines] = await told;
    expect(name).toBe('gateway');
    expect(lines).toEqual(['invalid configuration:', '  - SECRETS_KEY: missing (required)']);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(readFileSync(starts, 'utf8')).toBe('x');
  });

  it('restarts a service that crashed', async () => {
    const starts = join(dir, 'starts');
    const file = script(`require('fs').appendFileSync(${JSON.stringify(starts)}, 'x'); process.exit(1);`);
    const invalid = jest.fn();
    const supervisor = new Supervisor('engine', file, process.env, invalid);
    supervisor.start();
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    await supervisor.stop();
    expect(readFileSync(starts, 'utf8')).toBe('xx');
    expect(invalid).not.toHaveBeenCalled();
  });
});
