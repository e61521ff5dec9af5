import { prettyLines } from '../../index';

const AT = new Date('2026-05-01T12:04:05.123Z');
const two = (n: number) => String(n).padStart(2, '0');
/** The time as the viewer's clock shows it (pino-pretty translates to local time). */
const LOCAL = `${two(AT.getHours())}:${two(AT.getMinutes())}:${two(AT.getSeconds())}.123`;

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({
    level: 'info',
    time: AT.toISOString(),
    service: 'engine',
    pid: 4242,
    hostname: 'box',
    ...fields,
  });

const named = prettyLines({ colors: false, service: true });
const unnamed = prettyLines({ colors: false, service: false });

describe('prettyLines', () => {
  it('turns a JSON line into time, service, level, message and the plain fields', () => {
    const json = line({
      swapId: 'S1',
      network: 'LTC',
      amount: '0.5',
      attempt: 3,
      final: true,
      startupMs: { modules: 800 },
      msg: 'swap created',
    });
    expect(named(json)).toBe(
      `${LOCAL} INFO  (engine): swap created swapId=S1 network=LTC amount=0.5 attempt=3 final=true`,
    );
    // Behind the launcher's prefix, which names the service already.
    expect(unnamed(json)).toBe(
      `${LOCAL} INFO:  swap created swapId=S1 network=LTC amount=0.5 attempt=3 final=true`,
    );
  });

  it('passes every line that is not a log line through unchanged', () => {
    for (const text of [
      'invalid configuration:',
      '  - LOG_FORMAT: must be json or pretty',
      '2026-05-01 12:04:05.123 UTC [77] WARNING:  could not flush dirty data',
      '{"broken": ',
      '["an", "array"]',
      '{"no":"level"}',
      '',
    ])
      expect(named(text)).toBe(text);
  });

  it.each([
    ['trace', 'TRACE: m'],
    ['debug', 'DEBUG: m'],
    ['info', 'INFO:  m'],
    ['warn', 'WARN:  m'],
    ['error', 'ERROR: m'],
    ['fatal', 'FATAL: m'],
    [30, 'INFO:  m'],
    [50, 'ERROR: m'],
  ])('level %s reads "%s", the messages aligned', (level, shown) => {
    expect(unnamed(line({ level, msg: 'm' }))).toBe(`${LOCAL} ${shown}`);
  });

  it("keeps an error's stack on the lines below, indented", () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handle (engine.js:1:2)' };
    expect(named(line({ level: 'error', swapId: 'S1', err, msg: 'handler failed' })).split('\n')).toEqual([
      `${LOCAL} ERROR (engine): handler failed swapId=S1`,
      '    Error: boom',
      '        at handle (engine.js:1:2)',
    ]);
    // An error without a stack shows its message among the fields.
    expect(named(line({ level: 'warn', err: { message: 'node away' }, msg: 'poll failed' }))).toBe(
      `${LOCAL} WARN  (engine): poll failed err="node away"`,
    );
  });

  it('masks secrets as the logger does, whoever wrote the line', () => {
    const text = named(
      line({
        password: 'hunter2',
        rpc: 'http://rpc:s3cret@10.0.0.2:9332/',
        err: { message: 'connect to http://rpc:s3cret@10.0.0.2:9332/', stack: 'Error: http://u:s3cret@h/' },
        msg: 'node at http://rpc:s3cret@10.0.0.2:9332/ away',
      }),
    );
    expect(text).not.toMatch(/hunter2|s3cret/);
    expect(text).toContain('password=[redacted]');
    expect(text).toContain('rpc=http://rpc:[redacted]@10.0.0.2:9332/');
  });

  it('quotes text with spaces and shows control characters rather than obeying them', () => {
    const text = unnamed(line({ reason: 'node unreachable', msg: 'title\u001b[2J cleared' }));
    expect(text).toBe(`${LOCAL} INFO:  title\\u001b[2J cleared reason="node unreachable"`);
  });

  it('colours the level for a terminal, and only when asked', () => {
    const coloured = prettyLines({ colors: true, service: false })(line({ level: 'error', msg: 'm' }));
    expect(coloured).toContain('\u001b[31mERROR');
    expect(unnamed(line({ level: 'error', msg: 'm' }))).not.toContain('\u001b');
  });
});
