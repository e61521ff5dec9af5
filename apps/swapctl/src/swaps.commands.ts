import type { Command } from 'commander';
import { engineListSwaps, engineShowSwap } from '@swap/contracts';
import type { SwapStatus } from '@swap/domain';
import { parseListLimit, parseStatus } from './arguments';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { unwrap, type OpsBus } from './ops-bus';
import { formatSwap, formatSwapTable } from './swaps.format';

export interface ListSwapsOptions extends JsonOption {
  status?: SwapStatus;
  limit: number;
}

export const showSwap = async (bus: OpsBus, id: string) => unwrap(await bus.request(engineShowSwap, { id }));

export const listSwaps = async (bus: OpsBus, status: SwapStatus | null, limit: number) =>
  unwrap(await bus.request(engineListSwaps, { status, limit }));

export function registerSwapCommands(program: Command, ctx: CliContext): void {
  const swaps = program.command('swaps').description('swap orders (served by the engine)');

  withJsonOption(swaps.command('show <id>').description('one swap as the engine holds it')).action(
    (id: string, options: JsonOption) => respond(ctx, options, (bus) => showSwap(bus, id), formatSwap),
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
