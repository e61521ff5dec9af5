import { quietLogger } from '@swap/domain/testing';
import { Bus } from '@swap/bus';
import { SWAP_EVENTS_STREAM, swapUpdated, type ApiKeyInfo, type SwapSnapshot } from '@swap/contracts';
import {
  GATEWAY_MIGRATIONS,
  GATEWAY_SCHEMA,
  RecentSwapViews,
  SwapViewRepository,
  SwapViews,
} from '@swap/gateway-data';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { startNatsServer, swapSnapshotFixture, type NatsServerHandle } from '@swap/testing';
import type { LiveSink } from './live-session';
import { LiveStreams } from './live-streams';
import type { StreamServerMessage } from './stream-messages';

const ME = { key: 'ak_live_me' } as ApiKeyInfo;
const OTHER = { key: 'ak_live_other' } as ApiKeyInfo;
const waitFor = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** What a client of one session received: swap versions as `<id>:<version>`, and the replies. */
function recorder(): LiveSink & { versions: string[]; replies: StreamServerMessage[] } {
  const versions: string[] = [];
  const replies: StreamServerMessage[] = [];
  return {
    versions,
    replies,
    swap: (snapshot) => void versions.push(`${snapshot.id}:${snapshot.version}`),
    reply: (message) => void replies.push(message),
  };
}

describe('live swap events from JetStream and PostgreSQL (D18)', () => {
  let nats: NatsServerHandle;
  let bus: Bus;
  let db: SchemaDatabase;
  let views: SwapViews;
  let live: LiveStreams;
  const swap = swapSnapshotFixture({ id: 'LiveSwap01', apiKey: ME.key, version: 1 });

  /** One version of the swap, as the engine would: stored in the read model and published. */
  async function publish(version: number, base: SwapSnapshot = swap): Promise<void> {
    const snapshot = { ...base, version };
    await views.updated(snapshot);
    await bus.publish(swapUpdated, [snapshot.id], snapshot, { msgId: `${snapshot.id}-${version}` });
  }

  beforeAll(async () => {
    nats = await startNatsServer();
    bus = await Bus.connect({ url: nats.url, name: 'live-test', logger: quietLogger() });
    await bus.ensureStream(SWAP_EVENTS_STREAM);
    db = await openSchemaDatabase({ schema: GATEWAY_SCHEMA, migrations: GATEWAY_MIGRATIONS, tables: [] });
    views = new SwapViews(new SwapViewRepository(db.dataSource), new RecentSwapViews(0));
    const rendering = { publicUrl: 'https://swap.example', clock: Date.now };
    live = new LiveStreams(
      views,
      { versions: (id) => bus.replay(swapUpdated, [id]) },
      rendering,
      { subscriptionsPerConnection: 2, connectionsPerKey: 2 },
      quietLogger(),
    );
    await bus.follow(swapUpdated, (snapshot) => live.hub.publish(snapshot));
  });
  afterAll(async () => {
    await bus?.close();
    await nats?.stop();
    await db?.close();
  });

  it('resumes after a version with every later one, stored then live, once each and in order', async () => {
    for (let version = 1; version <= 5; version++) await publish(version);
    const client = recorder();
    const session = live.connect(ME, client)!;
    // Versions keep coming while the stored ones are read.
    const racing = (async () => {
      for (let version = 6; version <= 12; version++) await publish(version);
    })();
    await session.receive(JSON.stringify({ op: 'subscribe', id: swap.id, after: 2 }));
    await racing;
    await waitFor(() => client.versions.length === 10);
    expect(client.replies).toEqual([{ type: 'subscribed', id: swap.id }]);
    expect(client.versions).toEqual(Array.from({ length: 10 }, (_, i) => `${swap.id}:${i + 3}`));
    live.disconnect(session);
  });

  it("answers Swap not found for another key's swap without its token, and follows it with the token", async () => {
    const theirs = swapSnapshotFixture({ id: 'LiveSwap02', apiKey: OTHER.key, version: 1 });
    await publish(1, theirs);
    const client = recorder();
    const session = live.connect(ME, client)!;
    await session.receive(JSON.stringify({ op: 'subscribe', id: theirs.id }));
    await session.receive(JSON.stringify({ op: 'subscribe', id: theirs.id, token: 'x'.repeat(22) }));
    await session.receive(JSON.stringify({ op: 'subscribe', id: 'NoSuchSwap' }));
    await session.receive(JSON.stringify({ op: 'subscribe', id: theirs.id, token: theirs.token, after: 0 }));
    await waitFor(() => client.versions.length === 1);
    expect(client.replies).toEqual([
      { type: 'error', msg: 'Swap not found' },
      { type: 'error', msg: 'Swap not found' },
      { type: 'error', msg: 'Swap not found' },
      { type: 'subscribed', id: theirs.id },
    ]);
    expect(client.versions).toEqual([`${theirs.id}:1`]);
    live.disconnect(session);
  });

  it("sends every new version of the key's swaps with all, and refuses past the limits with a message", async () => {
    const client = recorder();
    const session = live.connect(ME, client)!;
    await session.receive('{"op":"subscribe","all":true}');
    await publish(13);
    await publish(2, swapSnapshotFixture({ id: 'LiveSwap02', apiKey: OTHER.key }));
    await waitFor(() => client.versions.length === 1);
    expect(client.versions).toEqual([`${swap.id}:13`]);
    await publish(1, swapSnapshotFixture({ id: 'LiveSwap03', apiKey: ME.key }));
    await waitFor(() => client.versions.length === 2);

    await session.receive(JSON.stringify({ op: 'subscribe', id: swap.id }));
    await session.receive(JSON.stringify({ op: 'subscribe', id: 'LiveSwap03' }));
    expect(client.replies.at(-1)).toEqual({
      type: 'error',
      msg: 'Too many subscriptions on this connection (limit 2)',
    });

    const second = live.connect(ME, recorder());
    expect(second).not.toBeNull();
    expect(live.connect(ME, recorder())).toBeNull();
    live.disconnect(second!);
    live.disconnect(session);
  });
});
