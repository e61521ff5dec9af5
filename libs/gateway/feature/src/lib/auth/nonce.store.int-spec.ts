import { quietLogger } from '@swap/domain/testing';
import { Bus } from '@swap/bus';
import { GATEWAY_NONCES_STREAM } from '@swap/contracts';
import { startNatsServer, type NatsServerHandle } from '@swap/testing';
import { NonceStoreUnavailableError, StreamNonceStore } from './nonce.store';

describe('StreamNonceStore (D2) against a real bus', () => {
  let nats: NatsServerHandle;
  const buses: Bus[] = [];
  const connect = async () => {
    const bus = await Bus.connect({ url: nats.url, name: 'gateway-test', logger: quietLogger() });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    nats = await startNatsServer();
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await nats?.stop();
  });

  it('says the stream is unavailable before it exists: a nonce is never taken as fresh unchecked', async () => {
    const store = new StreamNonceStore(await connect());
    await expect(store.claim('ak_first', 'nonce-before-stream-1')).rejects.toBeInstanceOf(
      NonceStoreUnavailableError,
    );
  });

  it('takes a nonce once per key, whichever replica sees it again', async () => {
    const [one, two] = [await connect(), await connect()];
    await one.ensureStream(GATEWAY_NONCES_STREAM);
    const [replicaA, replicaB] = [new StreamNonceStore(one), new StreamNonceStore(two)];

    const together = await Promise.all([
      replicaA.claim('ak_first', 'nonce-0000000001'),
      replicaB.claim('ak_first', 'nonce-0000000001'),
      replicaA.claim('ak_first', 'nonce-0000000002'),
    ]);
    expect(together.filter(Boolean)).toHaveLength(2); // one of the first two, and the other nonce
    expect(together[2]).toBe(true);
    expect(await replicaB.claim('ak_first', 'nonce-0000000002')).toBe(false);
    expect(await replicaB.claim('ak_other', 'nonce-0000000002')).toBe(true); // per key
  });
});
