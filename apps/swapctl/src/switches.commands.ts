import type { Command } from 'commander';
import { pricingListCurrencies, pricingListPairs, pricingSetCurrency, pricingSetPair } from '@swap/contracts';
import type { z } from 'zod';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { unwrap, type OpsBus } from './ops-bus';
import { parseCode, parseLiquidityPercent, parsePairMin } from './switches.arguments';
import { formatCurrency, formatCurrencyTable, formatPair, formatPairTable } from './switches.format';

export type CurrencyChange = z.input<typeof pricingSetCurrency.request>;
export type PairChange = z.input<typeof pricingSetPair.request>;

export interface SwitchOptions extends JsonOption {
  deposits?: boolean;
  payouts?: boolean;
}

/** Without a flag the whole currency goes in or out of maintenance; a flag narrows it to that side. */
export function toCurrencySwitch(code: string, on: boolean, options: SwitchOptions): CurrencyChange {
  if (!options.deposits && !options.payouts) return { code, enabled: on };
  return {
    code,
    ...(options.deposits ? { deposits: on } : {}),
    ...(options.payouts ? { payouts: on } : {}),
  };
}

export const listCurrencies = async (bus: OpsBus) => unwrap(await bus.request(pricingListCurrencies, {}));

export const setCurrency = async (bus: OpsBus, change: CurrencyChange) =>
  unwrap(await bus.request(pricingSetCurrency, change));

export const listPairs = async (bus: OpsBus) => unwrap(await bus.request(pricingListPairs, {}));

export const setPair = async (bus: OpsBus, change: PairChange) =>
  unwrap(await bus.request(pricingSetPair, change));

/** Maintenance switches and liquidity limits (served by the pricing service, watched by gateway and engine). */
export function registerSwitchCommands(program: Command, ctx: CliContext): void {
  registerCurrencyCommands(program, ctx);
  registerPairCommands(program, ctx);
}

function registerCurrencyCommands(program: Command, ctx: CliContext): void {
  const currencies = program
    .command('currencies')
    .description('per-currency maintenance switches and liquidity limits (served by the pricing service)');

  withJsonOption(
    currencies.command('list').description("every currency's switches and liquidity share"),
  ).action((options: JsonOption) => respond(ctx, options, listCurrencies, formatCurrencyTable));

  for (const [name, on, what] of [
    ['disable', false, 'put a currency under maintenance, or only its deposits or payouts'],
    ['enable', true, 'bring a currency back into service, or only its deposits or payouts'],
  ] as const) {
    withJsonOption(currencies.command(name).description(what))
      .argument('<code>', 'currency, e.g. BTC or USDTERC', parseCode)
      .option('--deposits', `only ${name} deposits (creates from the currency)`)
      .option('--payouts', `only ${name} payouts (pairs to the currency)`)
      .action((code: string, options: SwitchOptions) =>
        respond(ctx, options, (bus) => setCurrency(bus, toCurrencySwitch(code, on, options)), formatCurrency),
      );
  }

  withJsonOption(
    currencies
      .command('liquidity')
      .description("the share of the treasury's available balance that quotes offer as max"),
  )
    .argument('<code>', 'currency, e.g. BTC or USDTERC', parseCode)
    .argument('<percent>', 'a decimal from 0 to 100, e.g. 50 (0: no limit)', parseLiquidityPercent)
    .action((code: string, liquidityPercent: string, options: JsonOption) =>
      respond(ctx, options, (bus) => setCurrency(bus, { code, liquidityPercent }), formatCurrency),
    );
}

function registerPairCommands(program: Command, ctx: CliContext): void {
  const pairs = program
    .command('pairs')
    .description('per-pair maintenance switches and minimums (served by the pricing service)');

  withJsonOption(
    pairs
      .command('list')
      .description('pairs with operator settings (all others: in service, currency minimum)'),
  ).action((options: JsonOption) => respond(ctx, options, listPairs, formatPairTable));

  for (const [name, enabled, what] of [
    ['disable', false, 'put a pair under maintenance (quotes and creates refused)'],
    ['enable', true, 'bring a pair back into service'],
  ] as const) {
    withJsonOption(pairs.command(name).description(what))
      .argument('<from>', 'currency sent, e.g. BTC', parseCode)
      .argument('<to>', 'currency received, e.g. ETH', parseCode)
      .action((from: string, to: string, options: JsonOption) =>
        respond(ctx, options, (bus) => setPair(bus, { from, to, enabled }), formatPair),
      );
  }

  withJsonOption(
    pairs
      .command('min')
      .description("a pair's minimum send amount, never below the currency's own; default: the currency's"),
  )
    .argument('<from>', 'currency sent, e.g. BTC', parseCode)
    .argument('<to>', 'currency received, e.g. ETH', parseCode)
    .argument('<amount>', 'in the currency sent, e.g. 0.01, or default', parsePairMin)
    .action((from: string, to: string, min: string | null, options: JsonOption) =>
      respond(ctx, options, (bus) => setPair(bus, { from, to, min }), formatPair),
    );
}
