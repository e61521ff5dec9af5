import { Command, CommanderError } from 'commander';
import { registerBusCommands } from './bus.commands';
import { CliError, EXIT, type ExitCode } from './cli-error';
import type { CliContext } from './command-kit';
import { registerDevnetCommands } from './devnet.commands';
import { registerKeyCommands } from './keys.commands';
import { errorJson, errorLine } from './output';
import { registerPricingCommands } from './pricing.commands';
import { registerSwapCommands } from './swaps.commands';
import { registerSwitchCommands } from './switches.commands';
import { registerTreasuryCommands } from './treasury.commands';
import { registerWebhookCommands } from './webhooks.commands';

const HELP_FOOTER = `
The bus is NATS_URL (as the operator identity: NATS_NKEY_SEED_FILE or NATS_CREDS_FILE), else the
natsUrl that \`npm start\` writes to .data/runtime.json.
Exit codes: 0 done, 1 the service refused or failed, 2 invalid command line, 3 bus or service not reachable.
With --json, stdout carries exactly one JSON document: the result, or {"error":{"code","message"}}.`;

export function buildProgram(ctx: CliContext): Command {
  // Settings are inherited by the subcommands created below, so set them first.
  const program = new Command('swapctl')
    .description(
      'operator CLI for the swap services (requests on the bus; keys xpubs, keys derive and bus work offline)',
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.output.out(text),
      writeErr: (text) => ctx.output.err(text),
      // runCli reports errors itself, in the same shape as every other failure.
      outputError: () => undefined,
    })
    .showSuggestionAfterError()
    .addHelpText('after', HELP_FOOTER);
  registerKeyCommands(program, ctx);
  registerSwapCommands(program, ctx);
  registerTreasuryCommands(program, ctx);
  registerPricingCommands(program, ctx);
  registerSwitchCommands(program, ctx);
  registerDevnetCommands(program, ctx);
  registerWebhookCommands(program, ctx);
  registerBusCommands(program, ctx);
  return program;
}

/** Parses and runs one command line; returns the exit code after reporting any failure. */
export async function runCli(argv: readonly string[], ctx: CliContext): Promise<ExitCode> {
  try {
    await buildProgram(ctx).parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (err) {
    // Help and --version end through exitOverride too; they are not failures.
    if (err instanceof CommanderError && err.exitCode === 0) return EXIT.ok;
    const error = toCliError(err);
    ctx.output.err(errorLine(error));
    // Usage errors happen before commander knows the options, so look for --json ourselves.
    if (argv.includes('--json') && !error.documentPrinted) ctx.output.out(errorJson(error));
    return error.exitCode;
  }
}

function toCliError(err: unknown): CliError {
  if (err instanceof CliError) return err;
  if (err instanceof CommanderError) {
    const message = err.code === 'commander.help' ? 'a subcommand is required' : err.message;
    return new CliError(
      'INVALID_ARGUMENT',
      message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' '),
      EXIT.usage,
    );
  }
  return new CliError('INTERNAL', err instanceof Error ? err.message : String(err), EXIT.failed);
}
