import { createCipheriv, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { quietLogger } from '@swap/domain/testing';
import {
  NOTIFIER_MIGRATIONS,
  NOTIFIER_SCHEMA,
  WebhookRepository,
  webhookSecretContext,
} from '@swap/notifier-data';
import { createDataSource, SecretBox } from '@swap/persistence';
import { createTestDatabase, type TestDatabase } from '@swap/testing';
import { resealWebhookSecrets } from './reseal-webhook-secrets';

const GATEWAY_KEY = '44'.repeat(32);
const WEBHOOK_KEY = '55'.repeat(32);

/** A secret as the notifier sealed it before this change: under the gateway's key, v1, no row bound. */
function sealedV1(keyHex: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((bytes) => bytes.toString('base64'))].join(':');
}

describe('webhook secrets sealed again at start-up (WEBHOOK_SECRETS_KEY, bound to their rows)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let webhooks: WebhookRepository;
  const box = new SecretBox(WEBHOOK_KEY);
  const oldBox = new SecretBox(GATEWAY_KEY);
  const stored = () =>
    ds.query(
      `SELECT api_key, secret_sealed, previous_secret_sealed FROM webhooks ORDER BY api_key`,
    ) as Promise<Array<{ api_key: string; secret_sealed: string; previous_secret_sealed: string | null }>>;

  beforeEach(async () => {
    db = await createTestDatabase();
    ds = await createDataSource({ url: db.url, schema: NOTIFIER_SCHEMA, migrations: NOTIFIER_MIGRATIONS });
    webhooks = new WebhookRepository(ds);
  });

  afterEach(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('moves secrets sealed under the gateway key (v1) to its own key, bound, once; the old key is needed no more', async () => {
    const until = new Date(Date.now() + 3_600_000);
    await webhooks.set('k_a', 'https://a.example/hook', sealedV1(GATEWAY_KEY, 'whsec_a0'), until);
    await webhooks.set('k_a', 'https://a.example/hook', sealedV1(GATEWAY_KEY, 'whsec_a1'), until);
    await webhooks.set(
      'k_b',
      'https://b.example/hook',
      box.seal('whsec_b', webhookSecretContext('k_b')),
      until,
    );
    const before = await stored();

    expect(await resealWebhookSecrets({ webhooks, box, oldBox, logger: quietLogger() })).toEqual({
      resealed: 2,
    });
    const after = await stored();
    const a = after.find((row) => row.api_key === 'k_a');
    expect(box.open(a?.secret_sealed ?? '', webhookSecretContext('k_a'))).toBe('whsec_a1');
    expect(box.open(a?.previous_secret_sealed ?? '', webhookSecretContext('k_a'))).toBe('whsec_a0');
    expect([a?.secret_sealed, a?.previous_secret_sealed].every((s) => SecretBox.isBound(s ?? ''))).toBe(true);
    expect(() => oldBox.open(a?.secret_sealed ?? '', webhookSecretContext('k_a'))).toThrow();
    // k_b was sealed so already: left as it was.
    expect(after.find((row) => row.api_key === 'k_b')).toEqual(before.find((row) => row.api_key === 'k_b'));

    // A second start (or a second replica) has nothing left to do, and no longer needs the old key.
    expect(await resealWebhookSecrets({ webhooks, box, logger: quietLogger() })).toEqual({ resealed: 0 });
    expect(await stored()).toEqual(after);
  });

  it('a sealed secret copied into another webhook does not open there', async () => {
    const until = new Date(Date.now() + 3_600_000);
    const sealedForA = box.seal('whsec_a', webhookSecretContext('k_a'));
    await webhooks.set('k_a', 'https://a.example/hook', sealedForA, until);
    await webhooks.set('k_b', 'https://b.example/hook', sealedForA, until);
    expect(box.open(sealedForA, webhookSecretContext('k_a'))).toBe('whsec_a');
    expect(() => box.open(sealedForA, webhookSecretContext('k_b'))).toThrow();
  });

  it('stops, naming the variables, when the key opens none of the stored secrets', async () => {
    const until = new Date(Date.now() + 3_600_000);
    await webhooks.set('k_a', 'https://a.example/hook', sealedV1(GATEWAY_KEY, 'whsec_a'), until);
    const run = resealWebhookSecrets({ webhooks, box, logger: quietLogger() });
    await expect(run).rejects.toMatchObject({
      problems: [
        expect.stringMatching(/^WEBHOOK_SECRETS_KEY: opens none of the 1 stored .*WEBHOOK_SECRETS_OLD_KEY/),
      ],
    });
  });
});
