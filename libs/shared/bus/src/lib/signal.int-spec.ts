import { Bus } from './bus';
import { BusContractError } from './errors';
import {
  connectBus,
  type NatsServerHandle,
  pricesChanged,
  recordingLogger,
  startNatsServer,
  waitFor,
} from '../test/fixtures';

describe('signals', () => {
  let server: NatsServerHandle;
  let bus: Bus;
  const logger = recordingLogger();

  beforeAll(async () => {
    server = await startNatsServer();
    bus = await connectBus(server.url, logger);
  });
  afterAll(async () => {
    await bus.close();
    await server.stop();
  });

  it('delivers a signal to every subscriber and drops invalid ones', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const other = await connectBus(server.url);
    const handles = await Promise.all([
      bus.onSignal(pricesChanged, (m) => void a.push(m.pair)),
      other.onSignal(pricesChanged, (m) => void b.push(m.pair)),
    ]);

    expect(() => bus.signal(pricesChanged, { pair: 1 } as unknown as { pair: string })).toThrow(
      BusContractError,
    );
    bus.connection.publish(pricesChanged.subject, '{"pair":2}');
    bus.signal(pricesChanged, { pair: 'BTC-ETH' });

    await waitFor(() => a.length === 1 && b.length === 1);
    expect(a).toEqual(['BTC-ETH']);
    expect(b).toEqual(['BTC-ETH']);
    expect(logger.entries.some((e) => e.msg === 'invalid signal dropped')).toBe(true);
    await Promise.all(handles.map((h) => h.stop()));
    await other.close();
  });
});
