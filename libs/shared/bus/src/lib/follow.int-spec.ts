import { connectBus, recordingLogger, swapsStream, swapUpdated, useNatsBus, waitFor } from '../test/fixtures';

describe('following a stream on an ordered consumer of our own', () => {
  const logger = recordingLogger();
  const nats = useNatsBus({ logger, streams: [swapsStream] });
  let sequence = 0;
  const publish = (swapId: string, amount: string) =>
    nats.bus.publish(swapUpdated, [swapId], { swapId, state: 'NEW', amount }, { msgId: `f-${++sequence}` });

  it('gets every event published after it started, in order, on each follower alike', async () => {
    await publish('a', '1'); // before: never delivered
    const first: string[] = [];
    const second: string[] = [];
    const handles = [
      await nats.bus.follow(swapUpdated, (m) => void first.push(`${m.swapId}${m.amount}`)),
      await nats.bus.follow(swapUpdated, (m) => void second.push(`${m.swapId}${m.amount}`)),
    ];
    for (const [id, amount] of [
      ['a', '2'],
      ['b', '3'],
      ['a', '4'],
    ])
      await publish(id, amount);
    await waitFor(() => first.length === 3 && second.length === 3);
    expect(first).toEqual(['a2', 'b3', 'a4']);
    expect(second).toEqual(first);
    for (const handle of handles) await handle.stop();
  });

  it('follows on across a reconnect without losing what was published meanwhile', async () => {
    const seen: string[] = [];
    const handle = await nats.bus.follow(swapUpdated, (m) => void seen.push(m.amount));
    await publish('c', '10');
    await waitFor(() => seen.length === 1);
    // Published by another connection while the follower's is away.
    const other = await connectBus(nats.url);
    const reconnected = nats.bus.connection.reconnect();
    await other.publish(swapUpdated, ['c'], { swapId: 'c', state: 'NEW', amount: '11' }, { msgId: 'f-c-11' });
    await reconnected;
    await other.publish(swapUpdated, ['c'], { swapId: 'c', state: 'NEW', amount: '12' }, { msgId: 'f-c-12' });
    await waitFor(() => seen.length === 3, 15_000);
    expect(seen).toEqual(['10', '11', '12']);
    await handle.stop();
    await other.close();
  });

  it("replays one subject's stored events, oldest first, and nothing for an unknown one", async () => {
    await publish('r', '1');
    await publish('s', '2');
    await publish('r', '3');
    const replayed = await nats.bus.replay(swapUpdated, ['r']);
    expect(replayed.map((m) => m.amount)).toEqual(['1', '3']);
    expect(await nats.bus.replay(swapUpdated, ['unknown'])).toEqual([]);
  });
});

describe('following a stream no one has made yet', () => {
  const nats = useNatsBus({ logger: recordingLogger() });

  it('makes the stream, as its owner would, and follows it', async () => {
    const seen: string[] = [];
    const handle = await nats.bus.follow(swapUpdated, (m) => void seen.push(m.amount));
    await nats.bus.publish(swapUpdated, ['n'], { swapId: 'n', state: 'NEW', amount: '5' }, { msgId: 'n-5' });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(['5']);
    await handle.stop();
  });
});
