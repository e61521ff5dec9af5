import type { Command } from 'commander';
import {
  DEFAULT_TRANSFERS_LIMIT,
  treasuryBalances,
  treasuryLedger,
  treasuryTransfers,
  type TransfersRequest,
} from '@swap/contracts';
import type { Network } from '@swap/domain';
import { parseListLimit } from './arguments';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { parseNetwork } from './devnet.arguments';
import { unwrap, type OpsBus } from './ops-bus';
import { formatBalances, formatLedger, formatTransfers } from './treasury.format';
import { collectTransferState, type TransferState } from './treasury.arguments';
import { registerReplacementCommands } from './treasury-replacements.commands';
import { registerPolicyCommands } from './treasury-policy.commands';

export const hotBalances = async (bus: OpsBus) => unwrap(await bus.request(treasuryBalances, {}));

export const swapLedger = async (bus: OpsBus, swapId: string) =>
  unwrap(await bus.request(treasuryLedger, { swapId }));

export const listTransfers = async (bus: OpsBus, request: TransfersRequest) =>
  unwrap(await bus.request(treasuryTransfers, request));

interface TransfersOptions extends JsonOption {
  state: TransferState[];
  held?: boolean;
  network?: Network;
  limit: number;
}

export function registerTreasuryCommands(program: Command, ctx: CliContext): void {
  const treasury = program
    .command('treasury')
    .description('hot wallets, the ledger, transfers and the payout policy (served by the treasury)');

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

  withJsonOption(
    treasury
      .command('transfers')
      .description(
        'payouts, refunds, sweeps and gas top-ups, oldest first; by default those not settled yet',
      ),
  )
    .option(
      '--state <state>',
      'only this state (repeatable): PLANNED, HELD, SIGNED, BROADCAST, CONFIRMED, FAILED',
      collectTransferState,
      [],
    )
    .option(
      '--held',
      'only transfers held above a payout limit, waiting for approve or reject (--state HELD)',
    )
    .option('--network <network>', 'only this network', parseNetwork)
    .option('--limit <n>', 'at most this many transfers', parseListLimit, DEFAULT_TRANSFERS_LIMIT)
    .action((options: TransfersOptions) => {
      const states =
        options.held && !options.state.includes('HELD') ? [...options.state, 'HELD' as const] : options.state;
      const request: TransfersRequest = {
        ...(states.length > 0 ? { states } : {}),
        ...(options.network ? { network: options.network } : {}),
        limit: options.limit,
      };
      return respond(ctx, options, (bus) => listTransfers(bus, request), formatTransfers);
    });

  registerReplacementCommands(treasury, ctx);
  registerPolicyCommands(treasury, ctx);
}
