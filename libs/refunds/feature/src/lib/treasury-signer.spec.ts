import type { Bus } from '@swap/bus';
import type { Refund } from '@swap/refunds-data';
import { TreasurySigner } from './treasury-signer';

const refund: Refund = {
  refundId: 'AbCdEfGhIj-refund-1',
  swapId: 'AbCdEfGhIj',
  network: 'LTC',
  currency: 'LTC',
  address: 'ltc1quser',
  amount: 9_900_000n,
  deposited: 10_000_000n,
  state: 'REQUESTED',
  txid: null,
  raw: null,
  fee: null,
  feeCurrency: null,
  validUntil: null,
  refused: false,
  lastError: null,
  generation: 0,
  confirmations: 0,
  reason: null,
  reported: null,
};

/** A bus whose treasury answers every sign request with `error`. */
const refusing = (code: string) => {
  const asked: unknown[] = [];
  const bus = {
    request: async (_: unknown, body: unknown) => {
      asked.push(body);
      return { ok: false, error: { code, message: `refused: ${code}`, status: 409 } };
    },
  } as unknown as Bus;
  return { signer: new TreasurySigner(bus), asked };
};

describe('TreasurySigner', () => {
  it('asks with the refund id as the request id, and the refund as the engine ordered it', async () => {
    const { signer, asked } = refusing('UNAVAILABLE');
    await signer.sign(refund);
    expect(asked).toEqual([
      {
        requestId: 'AbCdEfGhIj-refund-1',
        network: 'LTC',
        currency: 'LTC',
        to: 'ltc1quser',
        amount: '9900000',
        swapId: 'AbCdEfGhIj',
      },
    ]);
  });

  it.each([
    ['REFUND_NOT_ORDERED', false],
    ['HELD', false],
    ['FROZEN', false],
    ['UNAVAILABLE', false],
    ['REFUND_MISMATCH', true],
    ['SIGN_FAILED', true],
    ['CONFLICT', true],
  ])('%s: for good? %s', async (code, permanent) => {
    expect(await refusing(code).signer.sign(refund)).toEqual({
      ok: false,
      permanent,
      reason: `refused: ${code}`,
    });
  });
});
