import { parseConfig } from '@swap/service-kit';
import { devnetConfigSchema } from '../../../apps/devnet/src/devnet.config';
import { engineConfigSchema } from '../../../apps/engine/src/engine.config';
import { gatewayConfigSchema } from '../../../apps/gateway/src/gateway.config';
import { notifierConfigSchema } from '../../../apps/notifier/src/notifier.config';
import { loadPricingConfig } from '../../../apps/pricing/src/pricing.config';
import { refundsConfigSchema } from '../../../apps/refunds/src/refunds.config';
import { completeConfig, treasuryConfigSchema } from '../../../apps/treasury/src/treasury.config';
import { watcherConfigSchema } from '../../../apps/watcher/src/watcher.config';
import type { Env } from './compose-file';
import type { Project } from './compose-project';

// Each app's own start-up validation, run on exactly the environment its container gets. test/deploy
// is in no Nx project on purpose: no project may import an app (@nx/enforce-module-boundaries).

const VALIDATE: Record<string, (env: Env) => unknown> = {
  gateway: (env) => parseConfig(gatewayConfigSchema, env),
  pricing: (env) => withProcessEnv(env, loadPricingConfig),
  engine: (env) => parseConfig(engineConfigSchema, env),
  treasury: (env) => completeConfig(parseConfig(treasuryConfigSchema, env), env),
  refunds: (env) => parseConfig(refundsConfigSchema, env),
  devnet: (env) => parseConfig(devnetConfigSchema, env),
  notifier: (env) => parseConfig(notifierConfigSchema, env),
  watcher: (env) => parseConfig(watcherConfigSchema, env),
};

export type TreasuryConfig = ReturnType<typeof completeConfig>;

/** The pricing service reads process.env itself and exits on a bad one: see its message instead. */
function withProcessEnv<T>(env: Env, read: () => T): T {
  const saved = process.env;
  let message = '';
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((text) => {
    message += String(text);
    return true;
  });
  const exit = jest.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error(message);
  });
  process.env = env;
  try {
    return read();
  } finally {
    process.env = saved;
    stderr.mockRestore();
    exit.mockRestore();
  }
}

export const appOf = (project: Project, name: string): string => project.environment(name)['APP'];

/** Runs the service's own validation (without one of its mounts, if named); returns its config. */
export function validate(project: Project, name: string, without?: string): unknown {
  const app = appOf(project, name);
  const check = VALIDATE[app];
  if (!check) throw new Error(`${name}: no validation known for APP=${app}`);
  return check(project.containerEnv(name, without));
}

/** Every app service whose validation refuses its environment, with what it said. */
export function problems(project: Project, without?: string): string[] {
  return project.appServices().flatMap((name) => {
    try {
      validate(project, name, without);
      return [];
    } catch (err) {
      return [`${name}: ${err instanceof Error ? err.message : String(err)}`];
    }
  });
}
