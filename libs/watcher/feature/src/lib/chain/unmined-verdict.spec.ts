import type { DepositState } from '@swap/watcher-data';
import { judgeUnmined, type UnminedVerdict } from './unmined-verdict';

const VANISH = 3;
const HEIGHT = 100;

describe('judgeUnmined', () => {
  const cases: Array<[string, DepositState, number | null, boolean, UnminedVerdict | null]> = [
    ['mined deposits are left to the block follower', 'block', null, false, null],
    ['still waiting in the mempool', 'mempool', null, true, null],
    [
      'missing from the mempool: counted from now',
      'mempool',
      null,
      false,
      { state: 'mempool', missingSince: 100 },
    ],
    ['missing for fewer blocks than the limit', 'mempool', 98, false, null],
    [
      'missing for the limit of blocks: gone',
      'mempool',
      97,
      false,
      { state: 'reverted', missingSince: null },
    ],
    ['back in the mempool after missing', 'mempool', 99, true, { state: 'mempool', missingSince: null }],
    ['orphaned and back in the mempool', 'orphaned', null, true, { state: 'mempool', missingSince: null }],
    [
      'orphaned and in no mempool: gone at once',
      'orphaned',
      null,
      false,
      { state: 'reverted', missingSince: null },
    ],
    [
      'reverted and seen again in the mempool',
      'reverted',
      null,
      true,
      { state: 'mempool', missingSince: null },
    ],
    ['reverted and still gone', 'reverted', null, false, null],
  ];

  it.each(cases)('%s', (_name, state, missingSince, inMempool, expected) => {
    expect(judgeUnmined({ state, missingSince }, inMempool, HEIGHT, VANISH)).toEqual(expected);
  });
});
