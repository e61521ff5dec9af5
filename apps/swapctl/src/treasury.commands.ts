import type { Command } from 'commander';
import { treasuryBalances, treasuryLedger } from '@swap/contracts';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { unwrap, type OpsBus } from './ops-bus';
import { formatBalances, formatLedger } from './treasury.format';

export const hotBalances = async (bus: OpsBus) => unwrap(await bus.request(treasuryBalances, {}));

export const swapLedger = async (bus: OpsBus, swapId: string) =>
  unwrap(await bus.request(treasuryLedger, { swapId }));

export function registerTreasuryCommands(program: Command, ctx: CliContext): void {
  const treasury = program
    .command('treasury')
    .description('hot wallets and the ledger (served by the treasury)');

  withJsonOption(
    treasury
      .command('balances')
      .description("each currency's hot-wallet address and balance, to fund it (D9)"),
  ).action((options: JsonOption) => respond(ctx, options, hotBalances, formatBalances));

  withJsonOption(
    treasury
      .command('ledger <id>')
      .description("a swap's double-entry ledger entries and per-currency totals"),
  ).action((id: string, options: JsonOption) =>
    respond(ctx, options, (bus) => swapLedger(bus, id), formatLedger),
  );
}
