import { z } from 'zod';
import { pricingConfigSchema } from '@swap/pricing';
import { loadConfig } from '@swap/service-kit';

const serviceSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  NATS_URL: z.string().min(1),
  PRICE_REFRESH_SECONDS: z.coerce.number().positive().default(10),
  HOSTNAME: z.string().default(`pricing-${process.pid}`),
});

export type PricingServiceConfig = z.output<typeof serviceSchema> & {
  pricing: z.output<typeof pricingConfigSchema>;
};

/** The service's own settings and the pricing rules (sources, minimums, deviation). */
export function loadPricingConfig(): PricingServiceConfig {
  return { ...loadConfig(serviceSchema), pricing: loadConfig(pricingConfigSchema) };
}
