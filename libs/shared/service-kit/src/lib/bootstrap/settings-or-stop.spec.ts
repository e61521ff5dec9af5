import { quietLogger } from '@swap/domain/testing';
import { EXIT_CONFIG, settingsOrStop } from '../../index';

/** An error listing settings to fix, as the chain adapters' NodeSettingsError does. */
class SettingsProblem extends Error {
  constructor(readonly problems: string[]) {
    super(`node settings that cannot work:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

describe('settingsOrStop', () => {
  const fatal = jest.fn();
  const logger = quietLogger({ fatal });
  let exit: jest.SpyInstance;
  let stderr: jest.SpyInstance;

  beforeEach(() => {
    fatal.mockClear();
    exit = jest.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit);
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    exit.mockRestore();
    stderr.mockRestore();
  });

  it('returns what it read', () => {
    expect(settingsOrStop('watcher-trx', logger, () => ({ node: 'devnet' }))).toEqual({ node: 'devnet' });
    expect(exit).not.toHaveBeenCalled();
  });

  it('stops on a setting that cannot work as a start-up would: the problems, no stack, EXIT_CONFIG', () => {
    const read = () => {
      throw new SettingsProblem(['TRX_RPC_URL is not a URL (https://api.trongrid.io)']);
    };
    expect(() => settingsOrStop('watcher-trx', logger, read)).toThrow(`exit ${EXIT_CONFIG}`);
    const printed = stderr.mock.calls.map(([chunk]) => String(chunk)).join('');
    expect(printed).toBe(
      'node settings that cannot work:\n  - TRX_RPC_URL is not a URL (https://api.trongrid.io)\n',
    );
    expect(fatal).toHaveBeenCalledWith(
      { problems: ['TRX_RPC_URL is not a URL (https://api.trongrid.io)'] },
      'watcher-trx failed to start: TRX_RPC_URL is not a URL (https://api.trongrid.io)',
    );
  });

  it('leaves any other error to its caller', () => {
    const read = () => {
      throw new Error('cannot read TREASURY_MNEMONIC_FILE /x: ENOENT');
    };
    expect(() => settingsOrStop('treasury', logger, read)).toThrow('cannot read TREASURY_MNEMONIC_FILE');
    expect(exit).not.toHaveBeenCalled();
    expect(fatal).not.toHaveBeenCalled();
  });
});
