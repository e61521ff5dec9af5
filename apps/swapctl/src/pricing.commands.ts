import type { Command } from 'commander';
import { pricingListPrices } from '@swap/contracts';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { unwrap, type OpsBus } from './ops-bus';
import { formatPrices } from './pricing.format';

export const listPrices = async (bus: OpsBus) => unwrap(await bus.request(pricingListPrices, {}));

export function registerPricingCommands(program: Command, ctx: CliContext): void {
  withJsonOption(
    program
      .command('prices')
      .description("each coin's USD price in use and what its sources said (served by the pricing service)"),
  ).action((options: JsonOption) =>
    respond(ctx, options, listPrices, (coins) => formatPrices(coins, Date.now())),
  );
}
