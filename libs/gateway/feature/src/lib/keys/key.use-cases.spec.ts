import { createCipheriv, randomBytes } from 'node:crypto';
import type { Bus } from '@swap/bus';
import { apiSecretContext, type ApiKeyRepository, type ApiKeyRow } from '@swap/gateway-data';
import { SecretBox } from '@swap/persistence';
import { KeyUseCases } from './key.use-cases';

const KEY_HEX = '66'.repeat(32);
const box = new SecretBox(KEY_HEX);
const keyId = (n: number) => `ak_${String(n).padStart(24, '0')}`;

/** An API secret as the gateway sealed it before rows were bound: v1, no associated data. */
function sealedV1(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(KEY_HEX, 'hex'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((bytes) => bytes.toString('base64'))].join(':');
}

/** The two calls the start-up pass makes, on rows in memory. */
function keysWith(secrets: Record<string, string>) {
  const rows = new Map(
    Object.entries(secrets).map(([key, secretEnc]) => [key, { key, secretEnc } as ApiKeyRow]),
  );
  const repository = {
    list: async () => [...rows.values()].map((row) => ({ ...row })),
    replaceSecret: async (key: string, from: string, to: string) => {
      const row = rows.get(key);
      if (row?.secretEnc !== from) return false;
      row.secretEnc = to;
      return true;
    },
  } as unknown as ApiKeyRepository;
  return { rows, keys: new KeyUseCases(repository, box, {} as Bus) };
}

describe('KeyUseCases.bindStoredSecrets (start-up)', () => {
  it('seals secrets of before (v1) again bound to their keys, once, and leaves bound ones alone', async () => {
    const bound = box.seal('secret-2', apiSecretContext(keyId(2)));
    const { rows, keys } = keysWith({ [keyId(1)]: sealedV1('secret-1'), [keyId(2)]: bound });

    expect(await keys.bindStoredSecrets()).toBe(1);
    const resealed = rows.get(keyId(1))?.secretEnc ?? '';
    expect(SecretBox.isBound(resealed)).toBe(true);
    expect(box.open(resealed, apiSecretContext(keyId(1)))).toBe('secret-1');
    expect(() => box.open(resealed, apiSecretContext(keyId(2)))).toThrow();
    expect(rows.get(keyId(2))?.secretEnc).toBe(bound);
    expect(await keys.bindStoredSecrets()).toBe(0);
  });

  it('leaves a secret copied from another key unopened, and stops on a SECRETS_KEY that opens none', async () => {
    const copied = box.seal('secret-1', apiSecretContext(keyId(1)));
    const { keys } = keysWith({ [keyId(1)]: copied, [keyId(3)]: copied });
    expect(await keys.bindStoredSecrets()).toBe(0);

    const other = new SecretBox('77'.repeat(32)).seal('secret-1', apiSecretContext(keyId(1)));
    await expect(keysWith({ [keyId(1)]: other }).keys.bindStoredSecrets()).rejects.toMatchObject({
      problems: [expect.stringMatching(/^SECRETS_KEY: opens none of the 1 stored API secrets/)],
    });
  });

  it('after a rotation, seals what the old key sealed under the new one, given SECRETS_OLD_KEY once', async () => {
    const oldBox = new SecretBox('77'.repeat(32));
    const { rows, keys } = keysWith({
      [keyId(1)]: oldBox.seal('secret-1', apiSecretContext(keyId(1))),
      [keyId(2)]: box.seal('secret-2', apiSecretContext(keyId(2))),
    });
    await expect(
      keysWith({ [keyId(1)]: rows.get(keyId(1))?.secretEnc ?? '' }).keys.bindStoredSecrets(),
    ).rejects.toMatchObject({
      problems: [expect.stringMatching(/give the key before it as SECRETS_OLD_KEY once/)],
    });

    expect(await keys.bindStoredSecrets(oldBox)).toBe(1);
    expect(box.open(rows.get(keyId(1))?.secretEnc ?? '', apiSecretContext(keyId(1)))).toBe('secret-1');
    expect(await keys.bindStoredSecrets()).toBe(0);
  });
});
