import { describeRestarts } from './support/restart-run';

/**
 * Issue 25: the stack's own PostgreSQL stopped (a fast shutdown) and started again while 100 swaps
 * run. Every service but pricing keeps its state there; RESTART_SEED=<n> replays the schedule.
 */
describeRestarts({
  dependency: 'PostgreSQL',
  stackOptions: { ownPostgres: true },
  restart: (stack, options) => stack.restartPostgres(options),
  needsIt: (service) => service !== 'pricing',
  log: (text) => console.log(text),
});
