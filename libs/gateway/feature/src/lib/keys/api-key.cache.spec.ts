import { apiSecretContext, type ApiKeyRepository, type ApiKeyRow } from '@swap/gateway-data';
import { SecretBox } from '@swap/persistence';
import { ApiKeyCache } from './api-key.cache';

const box = new SecretBox('11'.repeat(32));
const KNOWN = `ak_${'K'.repeat(24)}`;
const keyId = (n: number) => `ak_${String(n).padStart(24, '0')}`;

function setup() {
  const lookups: string[] = [];
  const row: ApiKeyRow = {
    key: KNOWN,
    label: null,
    secretEnc: box.seal('s'.repeat(43), apiSecretContext(KNOWN)),
    fixedRateEnabled: false,
    dryrunEnabled: false,
    autoExecuteOnMismatch: false,
    ipWhitelist: [],
    partnerPercent: '0',
    feeShare: '0',
    rateLimit: 10,
    disabled: false,
    createdAt: new Date(0),
  } as ApiKeyRow;
  const repository = {
    find: async (key: string) => {
      lookups.push(key);
      return key === KNOWN ? row : null;
    },
  } as unknown as ApiKeyRepository;
  return { lookups, cache: new ApiKeyCache(repository, box) };
}

describe('ApiKeyCache', () => {
  it('answers an id that cannot be a key without a lookup', async () => {
    const { cache, lookups } = setup();
    for (const id of ['', 'x'.repeat(16_000), 'ak_short', `ak_${'é'.repeat(24)}`]) {
      expect(await cache.get(id)).toBeNull();
    }
    expect(lookups).toEqual([]);
    expect(cache.size).toBe(0);
  });

  it('remembers unknown ids for a while, at most 10,000 of them, and known keys besides', async () => {
    const { cache, lookups } = setup();
    expect((await cache.get(KNOWN))?.info.key).toBe(KNOWN);
    for (let n = 0; n < 10_050; n++) expect(await cache.get(keyId(n))).toBeNull();

    expect(cache.size).toBe(10_001);
    expect((await cache.get(KNOWN))?.info.key).toBe(KNOWN);
    lookups.length = 0;
    await cache.get(keyId(10_049));
    await cache.get(keyId(0));
    // The newest unknown id is still remembered; the oldest was forgotten and is looked up again.
    expect(lookups).toEqual([keyId(0)]);
    expect(cache.size).toBe(10_001);
  });
});
