import { ConfigError, logSettingProblems, logSettings } from '../../index';

describe('logSettings', () => {
  it.each([
    [undefined, true, 'pretty'],
    [undefined, false, 'json'],
    ['', true, 'pretty'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
    [' pretty ', false, 'pretty'],
  ])('LOG_FORMAT=%p with a terminal %p: %s', (LOG_FORMAT, terminal, format) => {
    expect(logSettings({ LOG_FORMAT }, terminal).format).toBe(format);
  });

  it('defaults to info, a 60 s repeat window and the format the terminal decides', () => {
    expect(logSettings({}, false)).toEqual({ level: 'info', repeatWindowMs: 60_000, format: 'json' });
    expect(logSettings({ LOG_LEVEL: 'debug', LOG_REPEAT_SECONDS: '0' }, true)).toEqual({
      level: 'debug',
      repeatWindowMs: 0,
      format: 'pretty',
    });
  });

  it('names every variable that cannot work, never its value', () => {
    const env = { LOG_FORMAT: 'yaml', LOG_LEVEL: 'loud', LOG_REPEAT_SECONDS: 'often' };
    expect(logSettingProblems(env)).toEqual([
      expect.stringMatching(/^LOG_LEVEL: must be one of trace, debug, info, warn, error, fatal, silent$/),
      'LOG_REPEAT_SECONDS: must be a whole number of seconds',
      'LOG_FORMAT: must be json or pretty (unset: pretty on a terminal, else json)',
    ]);
    expect(() => logSettings(env, true)).toThrow(ConfigError);
    expect(() => logSettings({ LOG_FORMAT: 'yaml' }, true)).toThrow(/LOG_FORMAT: must be json or pretty/);
    expect(() => logSettings({ LOG_FORMAT: 'yaml' }, true)).not.toThrow(/yaml/);
    expect(logSettingProblems({ LOG_FORMAT: 'json', LOG_LEVEL: 'silent' })).toEqual([]);
  });
});
