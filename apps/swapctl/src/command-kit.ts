import type { Command } from 'commander';
import type { OpsBus, WithBus } from './ops-bus';
import { toJson, type Output } from './output';

/** What every command needs from the outside world: a bus to ask and a place to write. */
export interface CliContext {
  withBus: WithBus;
  output: Output;
}

export interface JsonOption {
  json?: boolean;
}

export function withJsonOption(command: Command): Command {
  return command.option('--json', 'print exactly one JSON document on stdout');
}

/** Runs the RPC work, then prints its data as JSON or through the human formatter. */
export async function respond<T>(
  ctx: CliContext,
  options: JsonOption,
  work: (bus: OpsBus) => Promise<T>,
  human: (data: T) => string,
): Promise<void> {
  const data = await ctx.withBus(work);
  ctx.output.out(options.json ? toJson(data) : human(data));
}
