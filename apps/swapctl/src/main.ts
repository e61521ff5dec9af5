import { busAt } from './bus-connection';
import type { CliContext } from './command-kit';
import { findRepoRoot, resolveBusTarget } from './nats-url';
import { processOutput } from './output';
import { runCli } from './program';

const root = findRepoRoot(__dirname);

const ctx: CliContext = {
  output: processOutput,
  // Resolved per command, so `--help` and bad arguments need no bus.
  withBus: (work) => busAt(resolveBusTarget(process.env, root))(work),
};

void runCli(process.argv.slice(2), ctx).then((code) => {
  // Exit once stdout is flushed: a NATS connect still pending after a timeout must not hold the process.
  process.stdout.write('', () => process.exit(code));
});
