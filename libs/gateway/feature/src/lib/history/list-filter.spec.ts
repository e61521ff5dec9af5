import { SWAP_STATUSES } from '@swap/domain';
import { MAX_STATS_RANGE_DAYS, parseListRequest, parseStatsRequest } from './list-filter';

/** The catalogue error a body is refused with. */
const refusedWith = (code: string, message: string) =>
  expect.objectContaining({ code, message, status: 400 });
const list = (body: Record<string, unknown>) => parseListRequest(body, 'ak_me');

describe('the /swap/list body (D14)', () => {
  it('defaults to every status, all time, 50 a page, from the top', () => {
    expect(list({})).toEqual({
      filter: { apiKey: 'ak_me', statuses: null, since: 0, until: null },
      limit: 50,
      cursor: undefined,
    });
  });

  it.each<[unknown, readonly string[] | null]>([
    ['FAILED', ['FAILED']],
    [
      ['DONE', 'NEW', 'DONE'],
      ['NEW', 'DONE'],
    ], // section 5's order, each once: one cursor scope per set
    [[...SWAP_STATUSES].reverse(), null], // every status is no filter
  ])('takes status %j as %j', (status, statuses) => {
    expect(list({ status }).filter.statuses).toEqual(statuses);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ status: 'LOST' }, 'INVALID_STATUS', 'Invalid status "LOST"'],
    [{ status: ['DONE', 'LOST'] }, 'INVALID_STATUS', 'Invalid status "LOST"'],
    [{ status: [] }, 'INVALID_STATUS', 'Invalid status an array'],
    [{ status: 5 }, 'INVALID_STATUS', 'Invalid status "5"'],
    [{ since: 10, until: 9 }, 'INVALID_TIME_RANGE', 'Invalid time range: since is after until'],
    [{ since: -1 }, 'INVALID_TIME_RANGE', 'Invalid time range: times are whole unix seconds'],
    [{ since: 1.5 }, 'WRONG_TYPE', 'Field since must be an integer'],
    [{ until: '2026-01-01' }, 'WRONG_TYPE', 'Field until must be a number'],
    [{ limit: 0 }, 'WRONG_TYPE', 'Field limit must be at least 1'],
    [{ limit: 101 }, 'WRONG_TYPE', 'Field limit must be at most 100'],
    [{ cursor: 7 }, 'WRONG_TYPE', 'Field cursor must be a string'],
    [{ cursor: 'x'.repeat(201) }, 'INVALID_CURSOR', 'Invalid cursor: pass the next value of a previous page'],
  ])('%j → %s', (body, code, message) => {
    expect(() => list(body)).toThrow(refusedWith(code, message));
  });

  it('takes an empty range, which lists nothing like any other', () => {
    expect(list({ since: 9, until: 9 }).filter).toMatchObject({ since: 9, until: 9 });
  });
});

describe('the /swap/stats body', () => {
  const DAY = 86_400;

  it('is [since, until) of the calling key', () => {
    expect(parseStatsRequest({ since: 100, until: 200 }, 'ak_me')).toEqual({
      apiKey: 'ak_me',
      since: 100,
      until: 200,
    });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ until: 200 }, 'MISSING_FIELD', 'Missing required field: since'],
    [{ since: 200, until: 100 }, 'INVALID_TIME_RANGE', 'Invalid time range: since is after until'],
    [
      { since: 0, until: MAX_STATS_RANGE_DAYS * DAY + 1 },
      'INVALID_TIME_RANGE',
      'Invalid time range: at most 366 days at a time',
    ],
  ])('%j → %s', (body, code, message) => {
    expect(() => parseStatsRequest(body, 'ak_me')).toThrow(refusedWith(code, message));
  });

  it(`takes ${MAX_STATS_RANGE_DAYS} days`, () => {
    expect(parseStatsRequest({ since: 0, until: MAX_STATS_RANGE_DAYS * DAY }, 'ak_me').until).toBe(
      MAX_STATS_RANGE_DAYS * DAY,
    );
  });
});
