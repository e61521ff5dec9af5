import { z } from 'zod';
import { ConfigError, EXIT_CONFIG, loadConfig, parseConfig } from '../../index';

const schema = z.object({
  DATABASE_URL: z.string().url(),
  NATS_URL: z.string().min(1),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  TREASURY_MNEMONIC: z.string().min(1),
});

describe('parseConfig', () => {
  it('returns the typed config with defaults applied', () => {
    const config = parseConfig(schema, {
      DATABASE_URL: 'postgres://u@h/db',
      NATS_URL: 'nats://h:4222',
      TREASURY_MNEMONIC: 'abandon ability',
    });
    expect(config).toEqual({
      DATABASE_URL: 'postgres://u@h/db',
      NATS_URL: 'nats://h:4222',
      PORT: 8080,
      TREASURY_MNEMONIC: 'abandon ability',
    });
  });

  it('lists every missing and invalid variable at once', () => {
    const problems = (() => {
      try {
        parseConfig(schema, { DATABASE_URL: 'not a url', PORT: '99999' });
      } catch (err) {
        return err instanceof ConfigError ? err.problems : [];
      }
      return [];
    })();
    expect(problems).toHaveLength(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        'NATS_URL: missing (required)',
        'TREASURY_MNEMONIC: missing (required)',
        expect.stringMatching(/^DATABASE_URL: /),
        expect.stringMatching(/^PORT: /),
      ]),
    );
  });

  it("lists the logger's variables among the problems, as every service reads them", () => {
    const env = { NATS_URL: 'n', TREASURY_MNEMONIC: 'm', DATABASE_URL: 'x', LOG_FORMAT: 'yaml' };
    try {
      parseConfig(schema, env);
      throw new Error('accepted');
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        expect.stringMatching(/^DATABASE_URL: /),
        'LOG_FORMAT: must be json or pretty (unset: pretty on a terminal, else json)',
      ]);
    }
    expect(() => parseConfig(schema, { ...env, DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      /LOG_FORMAT: must be json or pretty/,
    );
  });

  it('never echoes a value, which may be a secret', () => {
    const env = {
      DATABASE_URL: 'postgres://u@h/db',
      NATS_URL: 'n',
      PORT: 'hunter2-secret',
      TREASURY_MNEMONIC: '',
    };
    expect(() => parseConfig(schema, env)).toThrow(ConfigError);
    try {
      parseConfig(schema, env);
    } catch (err) {
      expect(String(err)).not.toContain('hunter2');
      expect(String(err)).toContain('TREASURY_MNEMONIC');
    }
  });
});

describe('loadConfig', () => {
  it('prints the problems and exits with EXIT_CONFIG (78), which npm start does not restart', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => loadConfig(schema, {})).toThrow(`exit ${EXIT_CONFIG}`);
      expect(EXIT_CONFIG).toBe(78);
      const printed = stderr.mock.calls.map(([chunk]) => String(chunk)).join('');
      expect(printed).toContain('DATABASE_URL: missing (required)');
      expect(printed).toContain('NATS_URL: missing (required)');
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  });
});
