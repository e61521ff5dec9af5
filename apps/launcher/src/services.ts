import type { BusIdentity } from '@swap/contracts';
import type { DatabaseService } from '@swap/persistence';

/** One service the launcher runs: `node dist/apps/<app>/src/main.js` with PORT and `env`. */
export interface ServiceSpec {
  /** Name in the log prefix and messages. */
  name: string;
  /** Directory under apps/ (several services may run the same app, e.g. the watchers). */
  app: string;
  /** Who it is on the bus (BUS_ACCESS): the seed it gets, and so what it may publish and hear. */
  identity: BusIdentity;
  port: number;
  env?: Record<string, string>;
  /** Only the treasury reads the mnemonic (D11). */
  treasury?: boolean;
  /** Whose role it connects to PostgreSQL as (DATABASE_URL); none for a service without a schema. */
  database?: DatabaseService;
  /** The gateway encrypts API secrets at rest with SECRETS_KEY. */
  secretsKey?: boolean;
  /** The notifier encrypts webhook secrets at rest with a key of its own, WEBHOOK_SECRETS_KEY. */
  webhookSecretsKey?: boolean;
  /** Services that derive deposit addresses get the account public keys (<NETWORK>_XPUB). */
  accountKeys?: boolean;
}

const GATEWAY_PORT = Number(process.env['PORT'] || 8080);
const WATCHED_NETWORKS = ['BTC', 'LTC', 'XMR', 'TRX', 'ETH', 'SOL', 'AVAX'];

/** Everything `npm start` runs. Add a service here and nowhere else; the gateway comes first. */
export const SERVICES: ServiceSpec[] = [
  {
    name: 'gateway',
    app: 'gateway',
    identity: 'gateway',
    port: GATEWAY_PORT,
    database: 'gateway',
    secretsKey: true,
  },
  { name: 'pricing', app: 'pricing', identity: 'pricing', port: 8081 },
  { name: 'engine', app: 'engine', identity: 'engine', port: 8082, database: 'engine', accountKeys: true },
  {
    name: 'treasury',
    app: 'treasury',
    identity: 'treasury',
    port: 8083,
    database: 'treasury',
    treasury: true,
  },
  { name: 'refunds', app: 'refunds', identity: 'refunds', port: 8084, database: 'refunds' },
  { name: 'devnet', app: 'devnet', identity: 'devnet', port: 8085, database: 'devnet', accountKeys: true },
  // Its swap orders carry the gateway's status-page links (D1, D12).
  {
    name: 'notifier',
    app: 'notifier',
    identity: 'notifier',
    port: 8086,
    database: 'notifier',
    webhookSecretsKey: true,
    env: { PUBLIC_URL: process.env['PUBLIC_URL'] || `http://127.0.0.1:${GATEWAY_PORT}` },
  },
  ...WATCHED_NETWORKS.map((network, i) => ({
    name: `watcher-${network.toLowerCase()}`,
    app: 'watcher',
    identity: 'watcher' as const,
    port: 8090 + i,
    env: { WATCHER_NETWORK: network },
    database: 'watcher' as const,
    accountKeys: true,
  })),
];
