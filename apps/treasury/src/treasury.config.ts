import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { mnemonicToSeed } from '@swap/chain-keys';
import { DEFAULT_SEND_BATCH, liquidityCaps, type LiquidityCaps } from '@swap/treasury';

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

export const treasuryConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8083),
    DATABASE_URL: z.string().url(),
    NATS_URL: z.string().min(1),
    DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
    HOSTNAME: z.string().default(`treasury-${process.pid}`),
    LIQUIDITY_REFRESH_SECONDS: seconds(10),
    /** Least time between two publishes that reservation changes trigger (every payout changes them). */
    LIQUIDITY_MIN_INTERVAL_MS: z.coerce.number().int().nonnegative().default(250),
    /** How often broadcast transfers are checked on their chain. */
    TREASURY_CONFIRMATIONS_SECONDS: seconds(3),
    /** How often transfers waiting out a retry delay are looked at again. */
    TREASURY_SEND_RETRY_SECONDS: seconds(2),
    /** Transfers of a network signed and stored together before they are broadcast in turn. */
    TREASURY_SEND_BATCH: z.coerce.number().int().min(1).max(256).default(DEFAULT_SEND_BATCH),
    TREASURY_MNEMONIC: z.string().min(1).optional(),
    TREASURY_MNEMONIC_FILE: z.string().min(1).optional(),
  })
  .refine((c) => c.TREASURY_MNEMONIC !== undefined || c.TREASURY_MNEMONIC_FILE !== undefined, {
    path: ['TREASURY_MNEMONIC'],
    message: 'set TREASURY_MNEMONIC or TREASURY_MNEMONIC_FILE (D11)',
  });

type ParsedConfig = z.output<typeof treasuryConfigSchema>;
/** The configuration the service keeps: the phrase itself is dropped once the seed is derived. */
export type TreasuryConfig = Omit<ParsedConfig, 'TREASURY_MNEMONIC' | 'TREASURY_MNEMONIC_FILE'> & {
  /** TREASURY_LIQUIDITY_<CODE>: what quotes may promise at most per currency. */
  caps: LiquidityCaps;
};

/**
 * Derives the BIP39 seed once, at start-up, and reads the liquidity caps. Errors name the
 * variable or the file, never the phrase.
 */
export function completeConfig(
  parsed: ParsedConfig,
  env: NodeJS.ProcessEnv,
): { config: TreasuryConfig; seed: Uint8Array } {
  const { TREASURY_MNEMONIC: phrase, TREASURY_MNEMONIC_FILE: file, ...config } = parsed;
  const seed = mnemonicToSeed(phrase ?? readMnemonicFile(file ?? ''));
  return { config: { ...config, caps: liquidityCaps(env) }, seed };
}

function readMnemonicFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (err) {
    throw new Error(`cannot read TREASURY_MNEMONIC_FILE ${path}: ${(err as NodeJS.ErrnoException).code}`);
  }
}
