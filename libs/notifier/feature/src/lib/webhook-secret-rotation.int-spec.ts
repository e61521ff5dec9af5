import type { DataSource } from 'typeorm';
import { quietLogger } from '@swap/domain/testing';
import {
  EventRepository,
  NOTIFIER_MIGRATIONS,
  NOTIFIER_SCHEMA,
  WebhookRepository,
  webhookSecretContext,
  type ClaimedEvent,
} from '@swap/notifier-data';
import { createDataSource, SecretBox } from '@swap/persistence';
import { createTestDatabase, swapSnapshotFixture, type TestDatabase } from '@swap/testing';
import { composeNotifier, type Notifier } from './notifier.composition';
import { PREVIOUS_SECRET_OVERLAP_MS } from './webhook-signature';

const HOUR_MS = 60 * 60 * 1000;

/** Rotation's storage: the replaced secret sealed beside the new one, until the overlap is over. */
describe('webhook secret rotation, stored', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let events: EventRepository;
  let webhooks: WebhookRepository;
  let notifier: Notifier;
  const box = new SecretBox('33'.repeat(32));
  let now = Date.now();
  let swaps = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource({ url: db.url, schema: NOTIFIER_SCHEMA, migrations: NOTIFIER_MIGRATIONS });
    events = new EventRepository(ds);
    webhooks = new WebhookRepository(ds);
    notifier = composeNotifier(
      {
        webhooks,
        events,
        secrets: box,
        keyExists: async () => true,
        clock: () => now,
        logger: quietLogger(),
      },
      {
        publicUrl: 'https://swap.example',
        allowPrivate: true,
        timeoutMs: 1_000,
        schedule: [1],
        concurrency: 1,
        perKey: 1,
        idleMs: 50,
        orphanAfterSeconds: 600,
      },
    );
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  /** What the dispatcher would sign the key's next delivery with: a new swap's event, claimed then handed back. */
  const claimFor = async (key: string): Promise<ClaimedEvent> => {
    const id = `SwapRot${String(++swaps).padStart(3, '0')}`;
    await notifier.record.execute(swapSnapshotFixture({ id, apiKey: key, version: 1 }));
    const claimed = await events.claim({
      limit: 1000,
      busyKeys: [],
      leaseSeconds: 30,
      orphanAfterSeconds: 600,
    });
    await events.unclaim(claimed.map((event) => event.eventId));
    const event = claimed.find((e) => e.eventId === `evt_${id}_1`);
    if (!event) throw new Error(`the event of ${id} (key ${key}) was not claimed`);
    return event;
  };
  const opened = (event: ClaimedEvent) => ({
    current: box.open(event.secretSealed, webhookSecretContext(event.key)),
    previous: event.previousSecret && {
      secret: box.open(event.previousSecret.sealed, webhookSecretContext(event.key)),
      until: event.previousSecret.until.getTime(),
    },
  });

  it('keeps the replaced secret sealed with the end of its 24 h, and never hands it out', async () => {
    const { secret: first } = await notifier.ops.set('k_rot', 'https://hooks.example.com/a');
    expect(opened(await claimFor('k_rot'))).toEqual({ current: first, previous: null });

    const rotated = await notifier.ops.rotateSecret('k_rot');
    const until = now + PREVIOUS_SECRET_OVERLAP_MS;
    expect(rotated).toEqual({
      key: 'k_rot',
      url: 'https://hooks.example.com/a',
      createdAt: expect.any(Number),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9]{32,}$/),
      previousSecretUntil: Math.floor(until / 1000),
    });
    expect(rotated.secret).not.toBe(first);
    const event = await claimFor('k_rot');
    expect(opened(event)).toEqual({ current: rotated.secret, previous: { secret: first, until } });
    expect(event.previousSecret?.sealed).not.toContain(first);

    // Neither the operator's answers nor the webhook's listing carry the old secret, sealed or not.
    const listed = JSON.stringify([rotated, await notifier.ops.list('k_rot'), await webhooks.list('k_rot')]);
    expect(listed).not.toContain(first);
    expect(listed).not.toContain(event.previousSecret?.sealed);
  });

  it('keeps two secrets at most: a second rotation drops the first secret', async () => {
    const before = opened(await claimFor('k_rot')).current;
    now += HOUR_MS;
    const second = await notifier.ops.rotateSecret('k_rot');
    expect(opened(await claimFor('k_rot'))).toEqual({
      current: second.secret,
      previous: { secret: before, until: now + PREVIOUS_SECRET_OVERLAP_MS },
    });
  });

  it('replacing the webhook (a new URL) is a rotation too; removing it forgets both secrets', async () => {
    const before = opened(await claimFor('k_rot')).current;
    const { secret } = await notifier.ops.set('k_rot', 'https://hooks.example.com/b');
    const event = await claimFor('k_rot');
    expect(event.url).toBe('https://hooks.example.com/b');
    expect(opened(event)).toEqual({
      current: secret,
      previous: { secret: before, until: now + PREVIOUS_SECRET_OVERLAP_MS },
    });

    await notifier.ops.remove('k_rot');
    const { secret: fresh } = await notifier.ops.set('k_rot', 'https://hooks.example.com/c');
    expect(opened(await claimFor('k_rot'))).toEqual({ current: fresh, previous: null });
  });

  it('refuses to rotate the secret of a key without a webhook', async () => {
    await expect(notifier.ops.rotateSecret('k_none')).rejects.toMatchObject({
      code: 'WEBHOOK_NOT_FOUND',
      message: 'key k_none has no webhook',
    });
  });

  it('forgets a previous secret once its 24 h are over, and only then', async () => {
    // Rotated 25 h ago (by the notifier's clock): the overlap ended an hour ago.
    now = Date.now() - 25 * HOUR_MS;
    await notifier.ops.set('k_done', 'https://hooks.example.com/done');
    const { secret: done } = await notifier.ops.rotateSecret('k_done');
    now = Date.now();
    await notifier.ops.set('k_live', 'https://hooks.example.com/live');
    await notifier.ops.rotateSecret('k_live');

    expect(await webhooks.forgetExpiredSecrets()).toBe(1);

    expect(opened(await claimFor('k_done'))).toEqual({ current: done, previous: null });
    expect((await claimFor('k_live')).previousSecret).not.toBeNull();
    expect(await webhooks.list('k_done')).toEqual([
      expect.objectContaining({ key: 'k_done', previousSecretUntil: null }),
    ]);
    expect(await webhooks.forgetExpiredSecrets()).toBe(0);
  });
});
