import type { Command } from 'commander';
import {
  engineListSwaps,
  engineOperatorRefund,
  engineRetryPayout,
  engineReturnDeposit,
  engineShowSwap,
  engineSwapDeposits,
} from '@swap/contracts';
import type { SwapStatus } from '@swap/domain';
import { parseListLimit, parseStatus } from './arguments';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { unwrap, type OpsBus } from './ops-bus';
import { formatDeposits, formatReturn, formatSwap, formatSwapTable } from './swaps.format';

export interface ListSwapsOptions extends JsonOption {
  status?: SwapStatus;
  limit: number;
}

export const showSwap = async (bus: OpsBus, id: string) => unwrap(await bus.request(engineShowSwap, { id }));

export const listSwaps = async (bus: OpsBus, status: SwapStatus | null, limit: number) =>
  unwrap(await bus.request(engineListSwaps, { status, limit }));

export const swapDeposits = async (bus: OpsBus, id: string) =>
  unwrap(await bus.request(engineSwapDeposits, { id }));

export const retryPayout = async (bus: OpsBus, id: string) =>
  unwrap(await bus.request(engineRetryPayout, { id }));

export const refundSwap = async (bus: OpsBus, id: string, address: string | null) =>
  unwrap(await bus.request(engineOperatorRefund, { id, address }));

export const returnDeposit = async (bus: OpsBus, id: string, depositId: string, address: string | null) =>
  unwrap(await bus.request(engineReturnDeposit, { id, depositId, address }));

export function registerSwapCommands(program: Command, ctx: CliContext): void {
  const swaps = program.command('swaps').description('swap orders (served by the engine)');

  withJsonOption(swaps.command('show <id>').description('one swap as the engine holds it')).action(
    (id: string, options: JsonOption) => respond(ctx, options, (bus) => showSwap(bus, id), formatSwap),
  );

  withJsonOption(
    swaps
      .command('deposits <id>')
      .description("every deposit to the swap's address, credited or not, and any deposit's return"),
  ).action((id: string, options: JsonOption) =>
    respond(ctx, options, (bus) => swapDeposits(bus, id), formatDeposits),
  );

  withJsonOption(
    swaps.command('retry-payout <id>').description('D4: pay a FAILED swap out again (a new payout attempt)'),
  ).action((id: string, options: JsonOption) =>
    respond(ctx, options, (bus) => retryPayout(bus, id), formatSwap),
  );

  withJsonOption(swaps.command('refund <id>').description('D4: refund a FAILED swap'))
    .option('--address <address>', 'refund address, when the swap has none or it must change')
    .action((id: string, options: JsonOption & { address?: string }) =>
      respond(ctx, options, (bus) => refundSwap(bus, id, options.address ?? null), formatSwap),
    );

  withJsonOption(
    swaps
      .command('return-deposit <id> <depositId>')
      .description(
        'send back a deposit the swap did not take (after its crediting or its end), less the 1 % refund fee',
      ),
  )
    .option('--address <address>', "where to send it, when not the swap's refund address")
    .action((id: string, depositId: string, options: JsonOption & { address?: string }) =>
      respond(
        ctx,
        options,
        (bus) => returnDeposit(bus, id, depositId, options.address ?? null),
        formatReturn,
      ),
    );

  withJsonOption(swaps.command('list').description('recent swaps, newest first'))
    .option('--status <status>', 'only swaps in this status', parseStatus)
    .option('--limit <n>', 'at most this many swaps', parseListLimit, 50)
    .action((options: ListSwapsOptions) => {
      const status = options.status ?? null;
      return respond(
        ctx,
        options,
        (bus) => listSwaps(bus, status, options.limit),
        (list) => formatSwapTable(list, status),
      );
    });
}
