import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError } from './cli-error';
import { makeIdentityKeys, serverConfig, type IdentityKeys } from './bus-identities';
import { withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { toJson } from './output';

export interface BusKeysOptions extends JsonOption {
  out: string;
}

export interface ServerConfigOptions extends JsonOption {
  keys: string;
  out?: string;
  devnet?: boolean;
}

/** The public keys as the chart's values (`bus.publicKeys`), so the output can be a values file. */
function keysAsValues({ keys, made }: IdentityKeys, dir: string): string {
  const kept = keys.length - made.length;
  const lines = [
    `# Seeds in ${dir}/<identity>.nk (owner-only; each goes into its service's Secret): ${made.length} made, ${kept} kept.`,
    '# Public keys, as the Helm chart takes them:',
    'bus:',
    '  publicKeys:',
    ...keys.map((key) => `    ${key.identity}: ${key.publicKey}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** A path as the operator gave it: relative below the working directory, else absolute. */
function shown(cwd: string, path: string): string {
  const below = relative(cwd, path);
  return below.startsWith('..') ? path : below || '.';
}

const byIdentity = (keys: IdentityKeys['keys'], field: 'publicKey' | 'seedFile') =>
  Object.fromEntries(keys.map((key) => [key.identity, key[field]]));

/**
 * A deployment's bus identities, offline: one nkey seed per service and one for swapctl (the
 * operator), and the nats-server configuration that admits only them.
 */
export function registerBusCommands(program: Command, ctx: CliContext, cwd = process.cwd()): void {
  const bus = program
    .command('bus')
    .description("the bus identities: each service's nkey and nats-server's authorization (offline)");

  withJsonOption(
    bus
      .command('keys')
      .description('make one nkey seed per identity in DIR (existing ones are kept); print the public keys'),
  )
    .requiredOption('--out <dir>', 'directory of the seeds, <identity>.nk (made owner-only)')
    .action((options: BusKeysOptions) => {
      const dir = resolve(cwd, options.out);
      const result = makeIdentityKeys(dir);
      ctx.output.out(
        options.json
          ? toJson({
              publicKeys: byIdentity(result.keys, 'publicKey'),
              seedFiles: byIdentity(result.keys, 'seedFile'),
              made: result.made,
            })
          : keysAsValues(result, shown(cwd, dir)),
      );
    });

  withJsonOption(
    bus
      .command('server-config')
      .description(
        "nats-server's authorization block admitting the identities of DIR, each with its permissions",
      ),
  )
    .requiredOption('--keys <dir>', 'directory of the seeds (swapctl bus keys --out)')
    .option('--out <file>', 'write it to FILE instead of stdout')
    .option('--devnet', 'the devnet runs: admit it, and let the watchers, treasury and refunds call it')
    .action((options: ServerConfigOptions) => {
      const { config, keys } = serverConfig(resolve(cwd, options.keys), { devnet: options.devnet === true });
      const file = options.out ? resolve(cwd, options.out) : null;
      if (file) writeConfig(file, config);
      if (options.json) ctx.output.out(toJson({ file, publicKeys: byIdentity(keys, 'publicKey'), config }));
      else if (file) ctx.output.out(`${shown(cwd, file)}: ${keys.map((key) => key.identity).join(', ')}\n`);
      else ctx.output.out(config);
    });
}

// Public keys and permissions only, nothing secret: readable by whichever user nats-server runs as.
function writeConfig(file: string, config: string): void {
  try {
    writeFileSync(file, config, { mode: 0o644 });
  } catch (err) {
    throw new CliError('CONFIG_UNWRITABLE', `cannot write ${file} (${(err as NodeJS.ErrnoException).code})`);
  }
}
