import fc from 'fast-check';
import type { SwapError } from '@swap/domain';
import { ListCursors, type ListPosition } from './list-cursor';
import type { ListFilter } from './list-filter';

const SECRET = 'a'.repeat(64);
const filter: ListFilter = { apiKey: 'ak_me', statuses: ['NEW', 'DONE'], since: 100, until: 2_000_000_000 };
const position: ListPosition = { created: 1_764_000_000, seq: 4711, id: 'AbCdEf1234' };

const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (err) {
    return `${(err as SwapError).code} ${(err as SwapError).status}`;
  }
  return 'accepted';
};

describe('list cursors (D14)', () => {
  const cursors = new ListCursors(SECRET);
  const cursor = cursors.issue(position, filter);

  it('gives back the position it was issued for, to any replica sharing the secret', () => {
    expect(cursors.read(cursor, filter)).toEqual(position);
    expect(new ListCursors(SECRET).read(cursor, filter)).toEqual(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(cursor).not.toContain(position.id); // opaque: not the id in plain sight
  });

  it.each<[string, Partial<ListFilter>]>([
    ['another key', { apiKey: 'ak_other' }],
    ['other statuses', { statuses: ['NEW'] }],
    ['no status filter', { statuses: null }],
    ['another since', { since: 101 }],
    ['another until', { until: null }],
  ])('is refused with %s', (_, change) => {
    expect(refusal(() => cursors.read(cursor, { ...filter, ...change }))).toBe('INVALID_CURSOR 400');
  });

  it('is refused when made with another secret, or edited', () => {
    expect(refusal(() => new ListCursors('b'.repeat(64)).read(cursor, filter))).toBe('INVALID_CURSOR 400');
    const [payload, mac] = cursor.split('.');
    const moved = Buffer.from(`${position.created}.${position.seq - 1}.${position.id}`).toString('base64url');
    const unversioned = Buffer.from(`${position.created}.${position.id}`).toString('base64url');
    for (const edited of [
      `${moved}.${mac}`,
      `${unversioned}.${mac}`,
      `${payload}.${mac.slice(1)}A`,
      `${payload}.`,
      payload,
      `${cursor}.x`,
      '',
    ])
      expect(refusal(() => cursors.read(edited, filter))).toBe('INVALID_CURSOR 400');
  });

  it('refuses whatever it did not issue', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(refusal(() => cursors.read(text, filter))).toBe('INVALID_CURSOR 400');
      }),
    );
  });

  it('round-trips every position', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.stringMatching(/^[A-Za-z0-9]{10}$/),
        (created, seq, id) => {
          const at = { created, seq, id };
          expect(cursors.read(cursors.issue(at, filter), filter)).toEqual(at);
        },
      ),
    );
  });
});
