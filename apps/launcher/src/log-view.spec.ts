import { ConfigError } from '@swap/service-kit';
import { humanView, jsonView, launcherView } from './log-view';

const AT = new Date('2026-05-01T12:04:05.123Z');
const two = (n: number) => String(n).padStart(2, '0');
const LOCAL = `${two(AT.getHours())}:${two(AT.getMinutes())}:${two(AT.getSeconds())}.123`;
const SERVICE_LINE = JSON.stringify({
  level: 'warn',
  time: AT.toISOString(),
  service: 'treasury',
  pid: 7,
  hostname: 'box',
  network: 'LTC',
  transferId: 'T1',
  msg: 'broadcast refused',
});

describe('launcherView: which view', () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ LOG_FORMAT: 'pretty' }, false, true],
    [{ LOG_FORMAT: 'json' }, true, false],
  ])('%p with a terminal %p: human %p', (env, terminal, human) => {
    expect(launcherView(env, terminal).human).toBe(human);
  });

  it('refuses another LOG_FORMAT by name', () => {
    expect(() => launcherView({ LOG_FORMAT: 'text' }, true)).toThrow(ConfigError);
    expect(() => launcherView({ LOG_FORMAT: 'text' }, true)).toThrow(/LOG_FORMAT/);
  });
});

describe('humanView', () => {
  const view = humanView(false);

  it("shows a service's JSON line as a human line behind its name", () => {
    expect(view.show('treasury', SERVICE_LINE)).toBe(
      `treasury    | ${LOCAL} WARN:  broadcast refused network=LTC transferId=T1\n`,
    );
  });

  it("prefixes every line of an error's stack, and passes plain text through", () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at run (x.js:1:1)' };
    const line = JSON.stringify({ level: 'error', time: AT.toISOString(), err, msg: 'failed' });
    expect(view.show('engine', line)).toBe(
      [
        `engine      | ${LOCAL} ERROR: failed`,
        'engine      |     Error: boom',
        'engine      |         at run (x.js:1:1)',
      ]
        .map((text) => `${text}\n`)
        .join(''),
    );
    expect(view.show('postgres', 'WARNING:  could not flush')).toBe(
      'postgres    | WARNING:  could not flush\n',
    );
  });

  it('colours the name on a terminal', () => {
    expect(humanView(true).show('gateway', 'x')).toBe('\u001b[36mgateway     |\u001b[0m x\n');
  });
});

describe('jsonView', () => {
  const view = jsonView(() => AT);

  it("passes a service's JSON line through as it is", () => {
    expect(view.show('treasury', SERVICE_LINE)).toBe(`${SERVICE_LINE}\n`);
  });

  it('makes any other line a warning of the same shape, a URL password masked', () => {
    const shown = view.show('postgres', 'FATAL:  no connection to postgres://app:s3cret@db/swap');
    expect(JSON.parse(shown)).toEqual({
      level: 'warn',
      time: AT.toISOString(),
      service: 'postgres',
      msg: 'FATAL:  no connection to postgres://app:[redacted]@db/swap',
    });
    expect(shown.endsWith('}\n')).toBe(true);
    expect(JSON.parse(view.show('gateway', '[1, 2]'))).toMatchObject({ service: 'gateway', msg: '[1, 2]' });
  });
});
