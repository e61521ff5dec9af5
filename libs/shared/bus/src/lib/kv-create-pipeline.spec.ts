import type { Msg, MsgHdrs } from '@nats-io/nats-core';
import {
  EXPECTED_LAST_SUBJECT_SEQUENCE,
  KvCreatePipeline,
  KvCreateTimeoutError,
  type PipelineConnection,
} from './kv-create-pipeline';

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

  reply(index: number, body: string, headers?: Partial<MsgHdrs>): void {
    const msg = { subject: this.published[index].reply, data: encoder.encode(body), headers } as Msg;
    this.callback?.(null, msg);
  }
}

describe('KvCreatePipeline', () => {
  let connection: FakeConnection;
  let flushes: Array<() => void>;
  let pipeline: KvCreatePipeline;
  const flush = () => flushes.splice(0).forEach((f) => f());
  const neverFallback = () => Promise.reject(new Error('fallback not expected'));

  beforeEach(() => {
    connection = new FakeConnection();
    flushes = [];
    pipeline = new KvCreatePipeline(connection, {
      inbox: '_INBOX.test',
      timeoutMs: 50,
      schedule: (f) => flushes.push(f),
    });
  });
  afterEach(() => pipeline.close());

  it('publishes the creates of one turn together, each with the create precondition', async () => {
    const a = pipeline.create('$KV.b.k1', encoder.encode('1'), neverFallback);
    const b = pipeline.create('$KV.b.k2', encoder.encode('2'), neverFallback);
    expect(flushes).toHaveLength(1); // one scheduled flush for the turn
    expect(connection.published).toHaveLength(0);
    flush();
    expect(connection.subscribedTo).toBe('_INBOX.test.*');
    expect(connection.published.map((p) => p.subject)).toEqual(['$KV.b.k1', '$KV.b.k2']);
    expect(new Set(connection.published.map((p) => p.reply)).size).toBe(2);
    for (const p of connection.published) expect(p.headers.get(EXPECTED_LAST_SUBJECT_SEQUENCE)).toBe('0');
    connection.reply(1, '{"stream":"KV_b","seq":8}');
    connection.reply(0, '{"stream":"KV_b","seq":7}');
    await expect(Promise.all([a, b])).resolves.toEqual([true, true]);
    expect(pipeline.inFlight).toBe(0);
  });

  it('lets the fallback decide any answer other than a stored ack', async () => {
    const fallback = jest.fn().mockResolvedValue(false);
    const refused = pipeline.create('$KV.b.k1', encoder.encode('1'), fallback);
    const noResponders = pipeline.create('$KV.b.k2', encoder.encode('1'), () => Promise.resolve(true));
    const failing = pipeline.create('$KV.b.k3', encoder.encode('1'), () => Promise.reject(new Error('api')));
    flush();
    connection.reply(
      0,
      '{"type":"io.nats.jetstream.api.v1.pub_ack_response","error":{"code":400,"err_code":10071}}',
    );
    connection.reply(1, '', { hasError: true, code: 503 } as Partial<MsgHdrs>);
    connection.reply(2, 'not json');
    await expect(refused).resolves.toBe(false);
    expect(fallback).toHaveBeenCalledTimes(1);
    await expect(noResponders).resolves.toBe(true);
    await expect(failing).rejects.toThrow('api');
  });

  it('ignores unknown or repeated replies', async () => {
    const created = pipeline.create('$KV.b.k1', encoder.encode('1'), neverFallback);
    flush();
    connection.reply(0, '{"stream":"KV_b","seq":1}');
    connection.reply(0, '{"error":{"code":400,"err_code":10071}}');
    await expect(created).resolves.toBe(true);
  });

  it('fails a create that is not answered in time, without guessing', async () => {
    const fallback = jest.fn();
    const lost = pipeline.create('$KV.b.k1', encoder.encode('1'), fallback);
    flush();
    await expect(lost).rejects.toBeInstanceOf(KvCreateTimeoutError);
    expect(fallback).not.toHaveBeenCalled();
  });

  it('fails what is waiting when closed', async () => {
    const waiting = pipeline.create('$KV.b.k1', encoder.encode('1'), neverFallback);
    pipeline.close();
    await expect(waiting).rejects.toThrow('closed');
    expect(connection.unsubscribed).toBe(true);
  });
});
