import { startLitecoind, type Litecoind } from '@swap/chain-nodes';
import { createDataSource } from '@swap/persistence';
import { REFUNDS_MIGRATIONS, REFUNDS_SCHEMA } from '@swap/refunds-data';
import {
  createTestDatabase,
  runServiceFromSource,
  startNatsServer,
  type NatsServerHandle,
  type TestDatabase,
} from '@swap/testing';

const LTC_MAINNET = 'genesis 12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2';
const EXIT_CONFIG = 78;

/** The refunds service as its own process, from its sources; what it printed, and how it ended. */
const runRefunds = (env: NodeJS.ProcessEnv) =>
  runServiceFromSource('refunds', { REFUNDS_POLL_MS: '200', ...env });

// The operator's case of issue 25: a database that has been on one chain, a node on another. The
// real service must stop before it reads or sends anything, not mix the two chains.
describe('refunds service on a node of another chain than its database', () => {
  let nats: NatsServerHandle;
  let litecoind: Litecoind;
  const databases: TestDatabase[] = [];

  beforeAll(async () => {
    [nats, litecoind] = await Promise.all([startNatsServer(), startLitecoind()]);
  });
  afterAll(async () => {
    await Promise.all(databases.map((db) => db.drop()));
    await Promise.all([nats?.stop(), litecoind?.stop()]);
  });

  interface Pinned {
    network: string;
    identity: string;
  }

  /** A database with the refunds schema as a first start leaves it, with `pins`; what it holds pinned. */
  async function refundsDatabase(pins: Record<string, string>) {
    const db = await createTestDatabase();
    databases.push(db);
    const dataSource = await createDataSource({
      url: db.url,
      schema: REFUNDS_SCHEMA,
      migrations: REFUNDS_MIGRATIONS,
    });
    try {
      for (const [network, identity] of Object.entries(pins))
        await dataSource.query(`INSERT INTO chain_identities (network, identity) VALUES ($1, $2)`, [
          network,
          identity,
        ]);
    } finally {
      await dataSource.destroy();
    }
    const pinned = async (): Promise<Pinned[]> => {
      const reader = await createDataSource({
        url: db.url,
        schema: REFUNDS_SCHEMA,
        migrations: REFUNDS_MIGRATIONS,
      });
      try {
        return (await reader.query(
          `SELECT network, identity FROM chain_identities ORDER BY network`,
        )) as Pinned[];
      } finally {
        await reader.destroy();
      }
    };
    return { url: db.url, pinned };
  }

  const nodeEnv = () => ({ LTC_RPC_URL: litecoind.rpcUrl, LTC_NETWORK: 'regtest' });

  it('exits 78 with the network, both identities and the way out, and no stack trace', async () => {
    const db = await refundsDatabase({ LTC: LTC_MAINNET });
    const genesis = `genesis ${await litecoind.rpc<string>('getblockhash', [0])}`;
    const service = runRefunds({ NATS_URL: nats.url, DATABASE_URL: db.url, ...nodeEnv() });
    const code = await Promise.race([
      service.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 60_000)),
    ]);
    if (code !== EXIT_CONFIG) service.child.kill('SIGKILL');
    const output = service.output();
    expect({ code, output }).toMatchObject({ code: EXIT_CONFIG });
    expect(output).toContain(`LTC: this service's database belongs to the chain "${LTC_MAINNET}"`);
    expect(output).toContain(`but the node of LTC_RPC_URL is on "${genesis}"`);
    expect(output).toContain('point LTC_RPC_URL at a node of that chain');
    expect(output).toContain('delete .data/');
    expect(output).not.toMatch(/^\s+at /m);
    // The node's credentials never reach the output.
    expect(output).not.toContain(new URL(litecoind.rpcUrl).password);
  }, 90_000);

  it('pins the node and the devnet networks at a first start, and keeps running', async () => {
    const db = await refundsDatabase({});
    const genesis = `genesis ${await litecoind.rpc<string>('getblockhash', [0])}`;
    const service = runRefunds({ NATS_URL: nats.url, DATABASE_URL: db.url, ...nodeEnv() });
    try {
      const deadline = Date.now() + 60_000;
      let pinned: Pinned[] = [];
      while (Date.now() < deadline && pinned.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        pinned = await db.pinned();
      }
      // The other networks are on the devnet, which is not running here: pinned at their first use.
      expect(pinned).toEqual([{ network: 'LTC', identity: genesis }]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(service.child.exitCode).toBeNull();
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    expect(service.output()).not.toContain("this service's database belongs to");
  }, 90_000);
});
