import { Module, type DynamicModule, type NestApplicationOptions, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CustomTransportStrategy } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@swap/domain';
import type { Logger as Pino } from 'pino';
import { EXIT_CONFIG } from '../config/config-error';
import { createLogger } from '../logger/create-logger';
import { MetricsModule } from '../metrics/metrics.module';
import { PinoNestLogger } from '../logger/pino-nest.logger';
import { ShutdownWatchdog } from './shutdown-watchdog';
import { startupProgress } from './startup-progress';

export interface BootstrapOptions {
  /** Service name, as in logs: gateway, engine, watcher-btc, … */
  name: string;
  module: Type<unknown> | DynamicModule;
  /** 0 picks a free port (tests). */
  port: number;
  /** Defaults to 0.0.0.0, so probes reach the service inside a container. */
  host?: string;
  /** Defaults to createLogger(name); pino's own, as Nest's framework logger writes through it. */
  logger?: Pino;
  /** Nest options other than the logger, e.g. { rawBody: true } for request signatures. */
  appOptions?: Omit<NestApplicationOptions, 'logger' | 'bufferLogs' | 'abortOnError'>;
  fastify?: ConstructorParameters<typeof FastifyAdapter>[0];
  /** Runs before listen: global prefix, pipes, OpenAPI… */
  configure?: (app: NestFastifyApplication) => void | Promise<void>;
  /**
   * The transport of the service's bus controllers (a hybrid application): it starts after every
   * module's start-up hooks have run, so a handler never meets a half-built service.
   */
  transport?: (app: NestFastifyApplication) => CustomTransportStrategy;
  /** Longest a graceful shutdown may take before the process exits anyway (default 10 s). */
  shutdownTimeoutMs?: number;
  /** Log uncaught errors as JSON and exit 1 (default true; tests running in-process pass false). */
  exitOnFatalErrors?: boolean;
}

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'];

/**
 * Starts a service the same way everywhere: Nest on Fastify, logs through pino, graceful stop on
 * SIGTERM/SIGINT (hooks run, HTTP closes, pools close, exit 0), one "listening" line, and
 * GET /metrics (D16) over a registry labelled with `name`.
 * Start-up failures are logged and exit 1 rather than leaving a half-started process.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createLogger(options.name);
  if (options.exitOnFatalErrors !== false) exitOnFatalErrors(logger);
  startupProgress.mark('modules loaded');
  try {
    const watchdog = new ShutdownWatchdog(logger, options.shutdownTimeoutMs ?? 10_000);
    @Module({
      imports: [MetricsModule.forRoot({ service: options.name }), options.module],
      providers: [{ provide: ShutdownWatchdog, useValue: watchdog }],
    })
    class ServiceRootModule {}

    const app = await NestFactory.create<NestFastifyApplication>(
      ServiceRootModule,
      new FastifyAdapter(options.fastify),
      { ...options.appOptions, logger: new PinoNestLogger(logger), abortOnError: false },
    );
    startupProgress.mark('providers built');
    // process.exit rather than re-raising the signal: the exit code is 0 and pino gets to flush.
    app.enableShutdownHooks(SHUTDOWN_SIGNALS, { useProcessExit: true });
    await options.configure?.(app);
    if (options.transport) {
      app.connectMicroservice({ strategy: options.transport(app) });
      await app.init();
      startupProgress.mark('modules initialised');
      await app.startAllMicroservices();
      startupProgress.mark('bus handlers started');
    }
    await app.listen(options.port, options.host ?? '0.0.0.0');
    startupProgress.mark('listening');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const startupMs = startupProgress.durations();
    logger.info({ port, startupMs }, `${options.name} listening on :${port} after ${totalMs(startupMs)} ms`);
    return app;
  } catch (err) {
    if (isSettingsProblem(err)) return stopForSettings(options.name, logger, err);
    logger.fatal({ err }, `${options.name} failed to start`);
    return process.exit(1);
  }
}

/**
 * Reads what a service parses beyond its config schema before it starts (its nodes' settings): a
 * setting that cannot work stops it as one found while it starts would (see bootstrapService).
 */
export function settingsOrStop<T>(name: string, logger: Logger, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (isSettingsProblem(err)) return stopForSettings(name, logger, err);
    throw err;
  }
}

// A setting to fix, not a bug: the list of problems, without a stack trace.
function stopForSettings(name: string, logger: Logger, err: Error & { problems: string[] }): never {
  process.stderr.write(`${err.message}\n`);
  logger.fatal({ problems: err.problems }, `${name} failed to start: ${err.problems.join('; ')}`);
  return process.exit(EXIT_CONFIG);
}

/**
 * An error listing settings an operator must fix (ConfigError, and the chain adapters'
 * NodeSettingsError, which this library cannot import): it carries `problems`.
 */
function isSettingsProblem(err: unknown): err is Error & { problems: string[] } {
  const problems = (err as { problems?: unknown } | null)?.problems;
  return err instanceof Error && Array.isArray(problems) && problems.every((p) => typeof p === 'string');
}

function totalMs(durations: Record<string, number>): number {
  return Object.values(durations).reduce((sum, ms) => sum + ms, 0);
}

let fatalHandlersInstalled = false;

// A crash is logged as JSON with the service name instead of a bare stack on stderr.
function exitOnFatalErrors(logger: Logger): void {
  if (fatalHandlersInstalled) return;
  fatalHandlersInstalled = true;
  const die = (kind: string) => (err: unknown) => {
    logger.fatal({ err }, kind);
    process.exit(1);
  };
  process.on('uncaughtException', die('uncaught exception'));
  process.on('unhandledRejection', die('unhandled rejection'));
}
