import { BusContractError } from './errors';
import { connectBus, pricesChanged, recordingLogger, useNatsBus, waitFor } from '../test/fixtures';

describe('signals', () => {
  const logger = recordingLogger();
  const nats = useNatsBus({ logger });

  it('delivers a signal to every subscriber and drops invalid ones', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const other = await connectBus(nats.url);
    const handles = await Promise.all([
      nats.bus.onSignal(pricesChanged, (m) => void a.push(m.pair)),
      other.onSignal(pricesChanged, (m) => void b.push(m.pair)),
    ]);

    expect(() => nats.bus.signal(pricesChanged, { pair: 1 } as unknown as { pair: string })).toThrow(
      BusContractError,
    );
    nats.bus.connection.publish(pricesChanged.subject, '{"pair":2}');
    nats.bus.signal(pricesChanged, { pair: 'BTC-ETH' });

    await waitFor(() => a.length === 1 && b.length === 1);
    expect(a).toEqual(['BTC-ETH']);
    expect(b).toEqual(['BTC-ETH']);
    expect(logger.entries.some((e) => e.message === 'invalid signal dropped')).toBe(true);
    await Promise.all(handles.map((h) => h.stop()));
    await other.close();
  });
});
