import { z } from 'zod';
import { depositAddress } from '@swap/chain-keys';
import { DEFAULT_FUNDING } from '@swap/devnet';
import { CURRENCIES, CURRENCY_CODES, NETWORKS, toUnits, type CurrencyCode, type Network } from '@swap/domain';

const xpub = z.string().min(1);
const fund = (code: CurrencyCode) =>
  z
    .string()
    .default(DEFAULT_FUNDING[code])
    .refine((text) => {
      try {
        toUnits(text, CURRENCIES[code].chainDecimals);
        return true;
      } catch {
        return false;
      }
    }, `a plain decimal amount of ${code}`);

export const devnetConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8085),
    NATS_URL: z.string().min(1),
    DATABASE_URL: z.string().url(),
    DB_POOL_SIZE: z.coerce.number().int().positive().default(5),
    HOSTNAME: z.string().default(`devnet-${process.pid}`),
    /** Seconds between blocks on every network; 0 mines only on demand (swapctl devnet mine). */
    DEVNET_BLOCK_SECONDS: z.coerce.number().nonnegative().default(2),
    // The hot wallet of each network is address 0 of its account (D11): public keys only.
    BTC_XPUB: xpub,
    LTC_XPUB: xpub,
    XMR_XPUB: xpub,
    TRX_XPUB: xpub,
    ETH_XPUB: xpub,
    SOL_XPUB: xpub,
    AVAX_XPUB: xpub,
    DEVNET_FUND_BTC: fund('BTC'),
    DEVNET_FUND_LTC: fund('LTC'),
    DEVNET_FUND_XMR: fund('XMR'),
    DEVNET_FUND_TRX: fund('TRX'),
    DEVNET_FUND_ETH: fund('ETH'),
    DEVNET_FUND_SOL: fund('SOL'),
    DEVNET_FUND_AVAX: fund('AVAX'),
    DEVNET_FUND_USDTTRC: fund('USDTTRC'),
    DEVNET_FUND_USDTERC: fund('USDTERC'),
  })
  .superRefine((config, ctx) => {
    for (const network of NETWORKS) {
      try {
        depositAddress(network, config[`${network}_XPUB`], 0);
      } catch {
        ctx.addIssue({
          code: 'custom',
          path: [`${network}_XPUB`],
          message: `not a ${network} account public key`,
        });
      }
    }
  });

export type DevnetConfig = z.output<typeof devnetConfigSchema>;

/** Address `index` of a network's account (D11): public keys only; index 0 is its hot wallet. */
export const accountAddress =
  (config: DevnetConfig) =>
  (network: Network, index: number): string =>
    depositAddress(network, config[`${network}_XPUB`], index);

export const funding = (config: DevnetConfig) =>
  Object.fromEntries(
    CURRENCY_CODES.map((code) => [
      code,
      toUnits(config[`DEVNET_FUND_${code}`], CURRENCIES[code].chainDecimals),
    ]),
  ) as Record<CurrencyCode, bigint>;
