import { describeRestarts } from './support/restart-run';

/**
 * Issue 25: nats-server stopped and started again (its JetStream store kept) while 100 swaps run.
 * Every service reconnects by itself; RESTART_SEED=<n> replays the schedule.
 */
describeRestarts({
  dependency: 'NATS',
  restart: (stack, options) => stack.restartNats(options),
  needsIt: () => true,
  log: (text) => console.log(text),
});
