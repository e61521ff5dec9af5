import { readFileSync } from 'node:fs';
import {
  credsAuthenticator,
  nkeyAuthenticator,
  type Authenticator,
  type TlsOptions,
} from '@nats-io/nats-core';

/**
 * How a process proves who it is to nats-server, read from its environment:
 * - `NATS_NKEY_SEED_FILE`: a file holding the identity's nkey seed (`SU…`), as `npm start` and the
 *   chart's Secrets give it;
 * - `NATS_CREDS_FILE`: a `.creds` file (a user JWT and its seed) for servers run with accounts;
 * - `NATS_TLS_CA_FILE`, `NATS_TLS_CERT_FILE`, `NATS_TLS_KEY_FILE`: TLS to the server, the CA to
 *   trust and a client certificate where the server asks for one.
 * With none of them the connection is anonymous, which a server run by `npm start` or the chart refuses.
 */
export interface BusCredentials {
  authenticator?: Authenticator;
  tls?: TlsOptions;
  /** Where the seed or creds came from, for the start-up log (never the secret itself). */
  source: string;
}

/** A setting that cannot be used: the message names the variable, for the operator. */
export class BusCredentialsError extends Error {
  /** What bootstrapService prints before it stops the service (no stack trace). */
  readonly problems: string[];

  constructor(message: string) {
    super(message);
    this.name = 'BusCredentialsError';
    this.problems = [message];
  }
}

type Env = Record<string, string | undefined>;

export function busCredentialsFromEnv(env: Env = process.env): BusCredentials {
  const seedFile = setting(env, 'NATS_NKEY_SEED_FILE');
  const credsFile = setting(env, 'NATS_CREDS_FILE');
  if (seedFile && credsFile)
    throw new BusCredentialsError('set NATS_NKEY_SEED_FILE or NATS_CREDS_FILE, not both');
  const credentials: BusCredentials = { source: 'anonymous' };
  if (seedFile) {
    const seed = readSecretFile('NATS_NKEY_SEED_FILE', seedFile).trim();
    if (!/^SU[A-Z2-7]{56}$/.test(seed))
      throw new BusCredentialsError(
        `NATS_NKEY_SEED_FILE (${seedFile}) does not hold a user nkey seed (one line starting with SU)`,
      );
    credentials.authenticator = nkeyAuthenticator(new TextEncoder().encode(seed));
    credentials.source = `nkey seed ${seedFile}`;
  }
  if (credsFile) {
    const creds = readSecretFile('NATS_CREDS_FILE', credsFile);
    if (!creds.includes('BEGIN NATS USER JWT') || !creds.includes('BEGIN USER NKEY SEED'))
      throw new BusCredentialsError(
        `NATS_CREDS_FILE (${credsFile}) is not a NATS .creds file (a user JWT and its nkey seed)`,
      );
    credentials.authenticator = credsAuthenticator(new TextEncoder().encode(creds));
    credentials.source = `creds ${credsFile}`;
  }
  const tls: TlsOptions = {};
  const caFile = setting(env, 'NATS_TLS_CA_FILE');
  const certFile = setting(env, 'NATS_TLS_CERT_FILE');
  const keyFile = setting(env, 'NATS_TLS_KEY_FILE');
  if (Boolean(certFile) !== Boolean(keyFile))
    throw new BusCredentialsError(
      'NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together: set both or neither',
    );
  if (caFile) tls.ca = readSecretFile('NATS_TLS_CA_FILE', caFile);
  if (certFile && keyFile) {
    tls.cert = readSecretFile('NATS_TLS_CERT_FILE', certFile);
    tls.key = readSecretFile('NATS_TLS_KEY_FILE', keyFile);
  }
  if (caFile || certFile) credentials.tls = tls;
  return credentials;
}

function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readSecretFile(variable: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new BusCredentialsError(`${variable} names ${file}, which cannot be read (${code})`);
  }
}
