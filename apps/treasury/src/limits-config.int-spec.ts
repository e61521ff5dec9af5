import { EXIT_CONFIG } from '@swap/service-kit';
import { runServiceFromSource } from '@swap/testing';

// A malformed payout limit stops the treasury at start, before it reads a key or connects to
// anything, with a message naming the variable and no stack trace, as any other setting does.

async function treasuryStarting(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | string | null; output: string }> {
  const treasury = runServiceFromSource('treasury', {
    // Never reached: the limits are read first.
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
    NATS_URL: 'nats://127.0.0.1:1',
    TREASURY_MNEMONIC:
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    ...env,
  });
  const code = await treasury.exitWithin(30_000);
  return { code, output: treasury.output() };
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
