import { headers, type Msg, type MsgHdrs } from '@nats-io/nats-core';
import { BusUnavailableError } from './errors';
import { PublishPipeline, PublishRefusedError, type PipelineConnection } from './publish-pipeline';

const encoder = new TextEncoder();

class FakeConnection implements PipelineConnection {
  published: Array<{ subject: string; reply: string; headers: MsgHdrs; payload: Uint8Array }> = [];
  private callback: ((err: Error | null, msg: Msg) => void) | undefined;
  subscribedTo = '';
  unsubscribed = false;

  publish(subject: string, payload: Uint8Array, options: { reply: string; headers: MsgHdrs }): void {
    this.published.push({ subject, payload, ...options });
  }

  subscribe(subject: string, options: { callback: (err: Error | null, msg: Msg) => void }) {
    this.subscribedTo = subject;
    this.callback = options.callback;
    return { unsubscribe: () => (this.unsubscribed = true) };
  }

  reply(index: number, body: string, hdrs?: Partial<MsgHdrs>): void {
    const msg = { subject: this.published[index].reply, data: encoder.encode(body), headers: hdrs } as Msg;
    this.callback?.(null, msg);
  }
}

const withId = (id: string): MsgHdrs => {
  const h = headers();
  h.set('Nats-Msg-Id', id);
  return h;
};

describe('PublishPipeline', () => {
  let connection: FakeConnection;
  let flushes: Array<() => void>;
  let pipeline: PublishPipeline;
  const flush = () => flushes.splice(0).forEach((f) => f());
  const send = (id: string) => pipeline.publish('gateway.nonce', encoder.encode('{}'), withId(id));

  beforeEach(() => {
    connection = new FakeConnection();
    flushes = [];
    pipeline = new PublishPipeline(connection, {
      inbox: '_INBOX.test',
      timeoutMs: 50,
      schedule: (f) => flushes.push(f),
    });
  });
  afterEach(() => pipeline.close());

  it('sends the publishes of one turn together, each with its own headers and ack', async () => {
    const a = send('k.n1');
    const b = send('k.n2');
    expect(flushes).toHaveLength(1); // one scheduled flush for the turn
    expect(connection.published).toHaveLength(0);
    flush();
    expect(connection.subscribedTo).toBe('_INBOX.test.*');
    expect(connection.published.map((p) => p.headers.get('Nats-Msg-Id'))).toEqual(['k.n1', 'k.n2']);
    expect(new Set(connection.published.map((p) => p.reply)).size).toBe(2);
    connection.reply(1, '{"stream":"GATEWAY_NONCES","seq":8,"duplicate":true}');
    connection.reply(0, '{"stream":"GATEWAY_NONCES","seq":7}');
    await expect(Promise.all([a, b])).resolves.toEqual([
      { seq: 7, duplicate: false },
      { seq: 8, duplicate: true },
    ]);
    expect(pipeline.inFlight).toBe(0);
  });

  it('fails a publish the stream refuses, or that no stream takes', async () => {
    const refused = send('k.n1');
    const noStream = send('k.n2');
    const garbled = send('k.n3');
    flush();
    connection.reply(
      0,
      '{"error":{"code":400,"err_code":10060,"description":"expected stream does not match"}}',
    );
    connection.reply(1, '', { hasError: true, code: 503 } as Partial<MsgHdrs>);
    connection.reply(2, 'not json');
    await expect(refused).rejects.toThrow(PublishRefusedError);
    await expect(refused).rejects.toThrow('expected stream does not match');
    await expect(noStream).rejects.toMatchObject({ name: 'BusUnavailableError', reason: 'no-responders' });
    await expect(garbled).rejects.toThrow('unreadable ack');
  });

  it('ignores unknown or repeated replies', async () => {
    const sent = send('k.n1');
    flush();
    connection.reply(0, '{"stream":"GATEWAY_NONCES","seq":1}');
    connection.reply(0, '{"error":{"code":503}}');
    await expect(sent).resolves.toEqual({ seq: 1, duplicate: false });
  });

  it('fails a publish not acknowledged in time, without guessing', async () => {
    const lost = send('k.n1');
    flush();
    await expect(lost).rejects.toMatchObject({ name: 'BusUnavailableError', reason: 'timeout' });
  });

  it('fails what is waiting when closed', async () => {
    const waiting = send('k.n1');
    pipeline.close();
    await expect(waiting).rejects.toBeInstanceOf(BusUnavailableError);
    expect(connection.unsubscribed).toBe(true);
  });
});
