import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import type { SwapSnapshot } from '@swap/contracts';
import { quietLogger } from '@swap/domain/testing';
import {
  EventRepository,
  NOTIFIER_MIGRATIONS,
  NOTIFIER_SCHEMA,
  WebhookRepository,
} from '@swap/notifier-data';
import { createDataSource, SecretBox } from '@swap/persistence';
import { createTestDatabase, swapSnapshotFixture, type TestDatabase } from '@swap/testing';
import { composeNotifier, type Notifier, type NotifierSettings } from './notifier.composition';
import { verifyWebhook, webhookSignature } from '@swap/sdk';

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  swapId: string;
  version: number;
  status: string;
}

/** A receiver on this machine: records what it gets; `answer` decides the status (and delay) per request. */
class Receiver {
  readonly got: Received[] = [];
  answer: (event: Received) => number | Promise<number> = () => 200;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', async () => {
        const parsed = JSON.parse(body) as { id: string; data: { id: string; status: string } };
        const event: Received = {
          id: String(req.headers['x-webhook-id']),
          timestamp: String(req.headers['x-webhook-timestamp']),
          signature: String(req.headers['x-webhook-signature']),
          body,
          swapId: parsed.data.id,
          version: Number(parsed.id.split('_').pop()),
          status: parsed.data.status,
        };
        this.got.push(event);
        res.statusCode = await this.answer(event);
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const STATUSES = ['PENDING', 'EXCHANGING', 'SENDING', 'DONE'] as const;
const change = (id: string, apiKey: string, version: number): SwapSnapshot =>
  swapSnapshotFixture({ id, apiKey, version, status: STATUSES[(version - 1) % STATUSES.length] });

describe('webhooks: recording, ordered delivery, retries, 410 and redelivery (D12)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let events: EventRepository;
  let webhooks: WebhookRepository;
  let notifier: Notifier;
  const receivers: Receiver[] = [];
  const box = new SecretBox('22'.repeat(32));
  const keys = new Set(['k_alpha', 'k_beta', 'k_slow']);

  /** A notifier (a replica) on the test database; `settings` overrides the test's defaults. */
  const compose = (
    settings: Partial<NotifierSettings> = {},
    keyExists = async (key: string) => keys.has(key),
  ) =>
    composeNotifier(
      { webhooks, events, secrets: box, keyExists, clock: Date.now, logger: quietLogger() },
      {
        publicUrl: 'https://swap.example',
        allowPrivate: true,
        timeoutMs: 1_000,
        schedule: [0.2, 0.4],
        concurrency: 16,
        perKey: 2,
        idleMs: 50,
        orphanAfterSeconds: 600,
        ...settings,
      },
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource({ url: db.url, schema: NOTIFIER_SCHEMA, migrations: NOTIFIER_MIGRATIONS });
    events = new EventRepository(ds);
    webhooks = new WebhookRepository(ds);
    notifier = compose();
    notifier.dispatcher.start();
  });

  afterAll(async () => {
    await notifier?.dispatcher.stop();
    await Promise.all(receivers.map((r) => r.stop()));
    await ds?.destroy();
    await db?.drop();
  });

  const receiver = async () => {
    const r = new Receiver();
    receivers.push(r);
    return { r, url: await r.start() };
  };

  it('sends every change of a key with a webhook, signed, in order per swap, even recorded out of order', async () => {
    const { r, url } = await receiver();
    const { secret } = await notifier.ops.set('k_alpha', url);
    // Two swaps, their versions read from the bus out of order and twice (a redelivered message).
    const order = [2, 1, 4, 3, 3, 1].flatMap((v) => [
      change('SwapAAAAA1', 'k_alpha', v),
      change('SwapAAAAA2', 'k_alpha', v),
    ]);
    await Promise.all(order.map((snapshot) => notifier.record.execute(snapshot)));
    await until('8 deliveries', () => r.got.length >= 8);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(r.got).toHaveLength(8);
    for (const swapId of ['SwapAAAAA1', 'SwapAAAAA2'])
      expect(r.got.filter((e) => e.swapId === swapId).map((e) => e.version)).toEqual([1, 2, 3, 4]);
    for (const event of r.got) {
      expect(event.signature).toBe(`v1=${webhookSignature(secret, event.timestamp, event.body)}`);
      expect(JSON.parse(event.body)).toMatchObject({
        id: event.id,
        type: 'swap.updated',
        data: { id: event.swapId },
      });
      expect(JSON.parse(event.body).data.url).toMatch(/^https:\/\/swap\.example\/swap\//);
    }
  });

  it('skips keys without a webhook, and a later change of their swap is sent once one is set', async () => {
    await notifier.record.execute(change('SwapBBBBB1', 'k_beta', 1));
    const { r, url } = await receiver();
    await notifier.ops.set('k_beta', url);
    await notifier.record.execute(change('SwapBBBBB1', 'k_beta', 2));
    await until('the later change', () => r.got.length === 1);
    expect(r.got[0].version).toBe(2);
  });

  it('retries a failure with the same event id on the schedule, holds the swap back meanwhile, then gives up', async () => {
    const { r, url } = await receiver();
    await notifier.ops.set('k_alpha', url);
    const failing = new Set(['evt_SwapCCCCC1_1']);
    let fails = 0;
    r.answer = (event) => (failing.has(event.id) && fails++ < 2 ? 500 : 200);
    await notifier.record.execute(change('SwapCCCCC1', 'k_alpha', 1));
    await notifier.record.execute(change('SwapCCCCC1', 'k_alpha', 2));
    await until(
      'delivery after two failures',
      () => r.got.filter((e) => e.swapId === 'SwapCCCCC1').length === 4,
    );
    const got = r.got.filter((e) => e.swapId === 'SwapCCCCC1');
    expect(got.map((e) => e.id)).toEqual([
      'evt_SwapCCCCC1_1',
      'evt_SwapCCCCC1_1',
      'evt_SwapCCCCC1_1',
      'evt_SwapCCCCC1_2',
    ]);
    const gaps = [1, 2].map((i) => Number(got[i].timestamp) * 1000 - Number(got[i - 1].timestamp) * 1000);
    expect(gaps.every((gap) => gap <= 2_000)).toBe(true);
    const attempts = await notifier.ops.deliveries({ key: 'k_alpha', failed: true, limit: 10 });
    expect(
      attempts.filter((a) => a.eventId === 'evt_SwapCCCCC1_1').map((a) => [a.attempt, a.httpStatus, a.ok]),
    ).toEqual([
      [2, 500, false],
      [1, 500, false],
    ]);

    // Always failing: 1 attempt + 2 retries, then given up, and the next change goes on.
    r.answer = (event) => (event.id === 'evt_SwapCCCCC2_1' ? 503 : 200);
    await notifier.record.execute(change('SwapCCCCC2', 'k_alpha', 1));
    await notifier.record.execute(change('SwapCCCCC2', 'k_alpha', 2));
    await until('the next change after giving up', () => r.got.some((e) => e.id === 'evt_SwapCCCCC2_2'));
    expect(r.got.filter((e) => e.id === 'evt_SwapCCCCC2_1')).toHaveLength(3);
    const [latest] = await notifier.ops.deliveries({ key: 'k_alpha', failed: true, limit: 1 });
    expect(latest).toMatchObject({
      eventId: 'evt_SwapCCCCC2_1',
      attempt: 3,
      eventState: 'given_up',
      nextAttemptAt: null,
    });

    // An operator sends it again: same id, a new round.
    r.answer = () => 200;
    await expect(notifier.ops.redeliver('evt_SwapCCCCC2_1')).resolves.toMatchObject({ state: 'pending' });
    await until('the redelivery', () => r.got.filter((e) => e.id === 'evt_SwapCCCCC2_1').length === 4);
    await expect(notifier.ops.redeliver('evt_nothing_1')).rejects.toThrow(/no event evt_nothing_1/);
  });

  it('signs with the new and the old secret after a rotation, so a receiver holding either accepts', async () => {
    const { r, url } = await receiver();
    const { secret: old } = await notifier.ops.set('k_beta', url);
    const { secret } = await notifier.ops.rotateSecret('k_beta');
    await notifier.record.execute(change('SwapROTATE1', 'k_beta', 1));
    await until('the delivery', () => r.got.length === 1);
    const [event] = r.got;
    expect(event.signature).toBe(
      [secret, old].map((s) => `v1=${webhookSignature(s, event.timestamp, event.body)}`).join(','),
    );
    const headers = {
      'x-webhook-id': event.id,
      'x-webhook-timestamp': event.timestamp,
      'x-webhook-signature': event.signature,
    };
    for (const held of [secret, old]) expect(verifyWebhook(held, headers, event.body).id).toBe(event.id);
  });

  it('removes the webhook on 410 and sends nothing more for that key', async () => {
    const { r, url } = await receiver();
    await notifier.ops.set('k_beta', url);
    r.answer = () => 410;
    await notifier.record.execute(change('SwapDDDDD1', 'k_beta', 1));
    await notifier.record.execute(change('SwapDDDDD1', 'k_beta', 2));
    await until('the webhook gone', async () => (await notifier.ops.list('k_beta')).length === 0);
    await notifier.record.execute(change('SwapDDDDD1', 'k_beta', 3));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.got.map((e) => e.id)).toEqual(['evt_SwapDDDDD1_1']);
    expect(
      (await ds.query(`SELECT state FROM webhook_events WHERE swap_id = 'SwapDDDDD1' ORDER BY version`)).map(
        (row: { state: string }) => row.state,
      ),
    ).toEqual(['given_up', 'given_up', 'skipped']);
  });

  it('counts no answer within the timeout as a failed attempt, and tries again', async () => {
    const { r, url } = await receiver();
    await notifier.ops.set('k_beta', url);
    let answers = 0;
    // The first answer comes after the 1 s timeout; the next one at once.
    r.answer = () =>
      answers++ === 0 ? new Promise((resolve) => setTimeout(() => resolve(200), 1_500)) : 200;
    await notifier.record.execute(change('SwapTIMEOUT', 'k_beta', 1));
    await until('the retry after the timeout', () => r.got.length === 2);
    // The receiver has the retry before its attempt is recorded (group commit): wait for the record.
    const recorded = () => notifier.ops.deliveries({ key: 'k_beta', failed: false, limit: 2 });
    await until('the retry recorded', async () => (await recorded()).some((a) => a.attempt === 2));
    const attempts = await recorded();
    expect(attempts.map((a) => [a.eventId, a.attempt, a.ok, a.httpStatus, a.error])).toEqual([
      ['evt_SwapTIMEOUT_1', 2, true, 200, null],
      ['evt_SwapTIMEOUT_1', 1, false, null, 'no answer within 1 s'],
    ]);
  });

  it('a slow receiver holds only its own slots: another key is delivered meanwhile', async () => {
    const slow = await receiver();
    const fast = await receiver();
    slow.r.answer = () => new Promise((resolve) => setTimeout(() => resolve(200), 800));
    await notifier.ops.set('k_slow', slow.url);
    await notifier.ops.set('k_alpha', fast.url);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => notifier.record.execute(change(`SwapSLOW0${i}`, 'k_slow', 1))),
    );
    const started = Date.now();
    await notifier.record.execute(change('SwapFAST01', 'k_alpha', 1));
    await until('the fast key', () => fast.r.got.length === 1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('two replicas share the work: each event once, in order per swap, and a lapsed lease is taken over', async () => {
    const { r, url } = await receiver();
    await notifier.ops.set('k_beta', url);
    const replica = compose({ schedule: [0.2], perKey: 8, idleMs: 20 }, async () => true);
    replica.dispatcher.start();
    try {
      const swaps = Array.from({ length: 30 }, (_, i) => `SwapR${String(i).padStart(5, '0')}`);
      const all = swaps.flatMap((id) => [3, 1, 2].map((v) => change(id, 'k_beta', v)));
      await Promise.all(all.map((snapshot, i) => (i % 2 ? notifier : replica).record.execute(snapshot)));
      await until('90 deliveries', () => r.got.length >= 90);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(r.got).toHaveLength(90);
      for (const id of swaps)
        expect(r.got.filter((e) => e.swapId === id).map((e) => e.version)).toEqual([1, 2, 3]);
    } finally {
      await replica.dispatcher.stop();
    }

    // A replica claimed an event and died before recording the attempt: after its lease, it is sent.
    await notifier.dispatcher.stop();
    await notifier.record.execute(change('SwapLEASE1', 'k_beta', 1));
    // (The slow receiver's events, handed back by the stopped dispatcher, are left out.)
    const claim = () =>
      events.claim({ limit: 1, busyKeys: ['k_alpha', 'k_slow'], leaseSeconds: 1, orphanAfterSeconds: 600 });
    // With no dispatcher running, an event that could be sent now is overdue (the on-call's signal).
    const { overdueSince } = await events.backlog();
    expect(overdueSince).not.toBeNull();
    const [claimed] = await claim();
    expect(claimed.eventId).toBe('evt_SwapLEASE1_1');
    expect(await claim()).toEqual([]);
    notifier.dispatcher.start();
    await until('the event after its lease', () => r.got.some((e) => e.id === 'evt_SwapLEASE1_1'), 5_000);
  });

  it('refuses an unknown key and a private receiver when they are not allowed', async () => {
    await expect(notifier.ops.set('k_nobody', 'https://hooks.example.com/')).rejects.toThrow(
      /no API key k_nobody/,
    );
    const strict = compose({ allowPrivate: false }, async () => true);
    await expect(strict.ops.set('k_alpha', 'http://127.0.0.1:9/hook')).rejects.toThrow(
      /WEBHOOK_ALLOW_PRIVATE=true/,
    );
    const sealed = (await ds.query(`SELECT secret_sealed FROM webhooks`)) as Array<{ secret_sealed: string }>;
    for (const row of sealed) expect(row.secret_sealed).not.toContain('whsec_');
  });
});
