import {
  FAIL,
  IN_FLIGHT,
  MARK_BROADCAST,
  MARK_SIGNED,
  POSTPONE,
  RECORD_CONFIRMATIONS,
  REPLAN,
} from './transfer.statements';

describe('the guarded updates start from the states the lifecycle table allows', () => {
  it.each([
    ['signing', MARK_SIGNED.text, `t.state = 'PLANNED'`],
    ['a node taking the bytes', MARK_BROADCAST.text, `state = 'SIGNED'`],
    ['confirmations counted', RECORD_CONFIRMATIONS.text, `state = 'BROADCAST'`],
    ['what the tracker follows', IN_FLIGHT.text, `state = 'BROADCAST'`],
    ['failing', FAIL.text, `state = $2 AND state IN ('PLANNED', 'HELD', 'SIGNED', 'BROADCAST')`],
    ['postponing', POSTPONE.text, `state = $2 AND state IN ('PLANNED', 'SIGNED', 'BROADCAST')`],
    ['signing anew, proven dead', REPLAN.text, `state = $2 AND state IN ('SIGNED', 'BROADCAST')`],
  ])('%s', (_, text, guard) => {
    expect(text.replace(/\s+/g, ' ')).toContain(guard);
  });
});
