import type { EventObserver } from './observe';
import { recordingLogger, sleep, swapsStream, swapUpdated, useNatsBus, waitFor } from '../test/fixtures';

type Updated = { swapId: string; state: 'NEW' | 'SENDING' | 'DONE'; amount: string };

/** Records what an observer is told, in order: an event's amount, or 'live' / 'gap'. */
function recorder(): EventObserver<Updated> & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    next: (m) => void seen.push(m.amount),
    live: () => void seen.push('live'),
    gap: () => void seen.push('gap'),
  };
}

describe('observing events live', () => {
  const logger = recordingLogger();
  const nats = useNatsBus({ logger, streams: [swapsStream] });
  let sequence = 0;
  const publish = (amount: string) =>
    nats.bus.publish(swapUpdated, ['o'], { swapId: 'o', state: 'NEW', amount }, { msgId: `o-${++sequence}` });

  it('is live once subscribed and gets every event published after, in order', async () => {
    await publish('1'); // before: never delivered
    const observer = recorder();
    const handle = await nats.bus.observe(swapUpdated, observer);
    expect(observer.seen).toEqual(['live']);
    for (const amount of ['2', '3', '4']) await publish(amount);
    await waitFor(() => observer.seen.length === 4);
    expect(observer.seen).toEqual(['live', '2', '3', '4']);

    await handle.stop();
    await publish('5');
    await sleep(50);
    expect(observer.seen).toEqual(['live', '2', '3', '4', 'gap']);
  });

  it('reports an event it cannot read as a gap, then goes on', async () => {
    const observer = recorder();
    const handle = await nats.bus.observe(swapUpdated, observer);
    nats.bus.connection.publish(swapUpdated.subject('o'), '{"swapId":"o","state":"LOST"}');
    await publish('6');
    await waitFor(() => observer.seen.length === 3);
    expect(observer.seen).toEqual(['live', 'gap', '6']);
    expect(logger.entries.some((e) => e.message === 'unreadable event: view dropped')).toBe(true);
    await handle.stop();
  });

  it('reports a lost connection as a gap and is live again once resubscribed', async () => {
    const observer = recorder();
    const handle = await nats.bus.observe(swapUpdated, observer);
    await nats.bus.connection.reconnect();
    await waitFor(() => observer.seen.at(-1) === 'live' && observer.seen.length > 1, 10_000);
    expect(observer.seen[1]).toBe('gap');
    await publish('7');
    await waitFor(() => observer.seen.at(-1) === '7');
    await handle.stop();
  });
});
