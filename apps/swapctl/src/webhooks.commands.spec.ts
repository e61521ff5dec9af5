import type { WebhookDelivery } from '@swap/contracts';
import { EXIT } from './cli-error';
import { runCli } from './program';
import { answer, fakeCli, refusal, unavailable } from './test/fake-bus';

const words = (line: string) => line.split(' ');

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  eventId: 'evt_AbCdEfGhIj_3',
  key: 'k_1',
  swapId: 'AbCdEfGhIj',
  attempt: 1,
  url: 'https://shop.example.com/hooks/swap',
  at: 1735689600,
  httpStatus: 200,
  ok: true,
  error: null,
  durationMs: 84,
  eventState: 'delivered',
  nextAttemptAt: null,
  ...overrides,
});

describe('swapctl webhooks deliveries', () => {
  const deliveries = [
    delivery(),
    delivery({
      attempt: 2,
      httpStatus: 503,
      ok: false,
      error: 'Service Unavailable',
      eventState: 'pending',
      nextAttemptAt: 1735689720,
    }),
    delivery({
      attempt: 11,
      httpStatus: null,
      ok: false,
      error: 'timeout after 10 s',
      eventState: 'given_up',
    }),
  ];

  it("asks for every key's last 100 attempts by default, and prints the notifier's answer with --json", async () => {
    const cli = fakeCli({ 'notifier.deliveries.list': answer(deliveries) });

    expect(await runCli(words('webhooks deliveries --json'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toEqual([{ rpc: 'notifier.deliveries.list', body: { failed: false, limit: 100 } }]);
    expect(JSON.parse(cli.stdout())).toEqual(deliveries);
  });

  it('passes --key, --failed and --limit on', async () => {
    const cli = fakeCli({ 'notifier.deliveries.list': answer([]) });

    await runCli(words('webhooks deliveries --key k_1 --failed --limit 5'), cli.ctx);

    expect(cli.calls[0].body).toEqual({ key: 'k_1', failed: true, limit: 5 });
    expect(cli.stdout()).toBe('no webhook deliveries\n');
  });

  it('shows a table: event, swap, attempt, time, HTTP status or error, state and next attempt', async () => {
    const cli = fakeCli({ 'notifier.deliveries.list': answer(deliveries) });

    await runCli(words('webhooks deliveries'), cli.ctx);

    const lines = cli.stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^TIME\s+EVENT\s+SWAP\s+KEY\s+ATTEMPT\s+STATE\s+NEXT ATTEMPT\s+RESULT$/);
    expect(lines[1]).toMatch(
      /^2025-01-01 00:00:00Z\s+evt_AbCdEfGhIj_3\s+AbCdEfGhIj\s+k_1\s+1\s+delivered\s+-\s+HTTP 200 in 84 ms$/,
    );
    expect(lines[2]).toMatch(
      /\s2\s+pending\s+2025-01-01 00:02:00Z\s+HTTP 503 in 84 ms: Service Unavailable$/,
    );
    expect(lines[3]).toMatch(/\s11\s+given up\s+-\s+timeout after 10 s \(in 84 ms\)$/);
  });

  it('refuses a bad limit without asking the bus', async () => {
    const cli = fakeCli();

    expect(await runCli(words('webhooks deliveries --limit 0'), cli.ctx)).toBe(EXIT.usage);
    expect(cli.calls).toEqual([]);
  });

  it('says the notifier is not answering when the request times out', async () => {
    const cli = fakeCli({
      'notifier.deliveries.list': unavailable('ops.notifier.deliveries.list'),
    });

    expect(await runCli(words('webhooks deliveries --json'), cli.ctx)).toBe(EXIT.unreachable);

    expect(JSON.parse(cli.stdout())).toEqual({
      error: {
        code: 'SERVICE_UNREACHABLE',
        message: expect.stringMatching(
          /^the notifier is not answering on the bus at .* \(no reply within 10 s\)/,
        ),
      },
    });
  });
});

describe('swapctl webhooks redeliver', () => {
  it('queues the event again under the same id', async () => {
    const cli = fakeCli({
      'notifier.events.redeliver': (body) => ({
        ok: true,
        data: {
          eventId: (body as { eventId: string }).eventId,
          key: 'k_1',
          swapId: 'AbCdEfGhIj',
          state: 'pending',
        },
      }),
    });

    await runCli(words('webhooks redeliver evt_AbCdEfGhIj_3 --json'), cli.ctx);
    await runCli(words('webhooks redeliver evt_AbCdEfGhIj_3'), cli.ctx);

    expect(cli.calls).toEqual([
      { rpc: 'notifier.events.redeliver', body: { eventId: 'evt_AbCdEfGhIj_3' } },
      { rpc: 'notifier.events.redeliver', body: { eventId: 'evt_AbCdEfGhIj_3' } },
    ]);
    const [json, human] = cli.stdout().split(/(?<=^\})\n/m);
    expect(JSON.parse(json)).toEqual({
      eventId: 'evt_AbCdEfGhIj_3',
      key: 'k_1',
      swapId: 'AbCdEfGhIj',
      state: 'pending',
    });
    expect(human).toBe(
      'event evt_AbCdEfGhIj_3 (swap AbCdEfGhIj, key k_1) is queued for delivery again, with the same id\n',
    );
  });

  it("shows the notifier's refusal of an unknown event and exits 1", async () => {
    const cli = fakeCli({
      'notifier.events.redeliver': refusal('EVENT_NOT_FOUND', 'No webhook event evt_x', 404),
    });

    expect(await runCli(words('webhooks redeliver evt_x'), cli.ctx)).toBe(EXIT.failed);
    expect(cli.stderr()).toBe('swapctl: No webhook event evt_x\n');
  });

  it('requires the event id', async () => {
    const cli = fakeCli();

    expect(await runCli(words('webhooks redeliver'), cli.ctx)).toBe(EXIT.usage);
    expect(cli.stderr()).toContain("missing required argument 'eventId'");
  });
});

describe('swapctl webhooks rotate-secret', () => {
  const SECRET = 'whsec_9Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1Jh0GfEdCbA';
  const rotated = {
    key: 'k_1',
    url: 'https://shop.example.com/hooks/swap',
    createdAt: 1735689600,
    secret: SECRET,
    previousSecretUntil: 1735776000,
  };

  it('asks the notifier for a new secret and prints {"key","url","secret","previousSecretUntil"} with --json', async () => {
    const cli = fakeCli({ 'notifier.webhooks.rotate-secret': answer(rotated) });

    expect(await runCli(words('webhooks rotate-secret k_1 --json'), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toEqual([{ rpc: 'notifier.webhooks.rotate-secret', body: { key: 'k_1' } }]);
    expect(JSON.parse(cli.stdout())).toStrictEqual({
      key: 'k_1',
      url: 'https://shop.example.com/hooks/swap',
      secret: SECRET,
      previousSecretUntil: 1735776000,
    });
  });

  it('says in human form that the secret is shown once and both signatures come until the old one stops', async () => {
    const cli = fakeCli({ 'notifier.webhooks.rotate-secret': answer(rotated) });

    await runCli(words('webhooks rotate-secret k_1'), cli.ctx);

    expect(cli.stdout()).toContain(`secret            ${SECRET}\n`);
    expect(cli.stdout()).toContain('old secret until  2025-01-02 00:00:00Z\n');
    expect(cli.stdout()).toContain('The new signing secret is shown only this once');
    expect(cli.stdout()).toContain('X-Webhook-Signature: v1=<new>,v1=<old>');
  });

  it("shows the notifier's refusal for a key without a webhook and exits 1", async () => {
    const cli = fakeCli({
      'notifier.webhooks.rotate-secret': refusal('WEBHOOK_NOT_FOUND', 'key k_2 has no webhook'),
    });

    expect(await runCli(words('webhooks rotate-secret k_2 --json'), cli.ctx)).toBe(EXIT.failed);

    expect(cli.stderr()).toBe('swapctl: key k_2 has no webhook\n');
    expect(JSON.parse(cli.stdout())).toEqual({
      error: { code: 'WEBHOOK_NOT_FOUND', message: 'key k_2 has no webhook' },
    });
  });

  it('requires the key', async () => {
    const cli = fakeCli();

    expect(await runCli(words('webhooks rotate-secret'), cli.ctx)).toBe(EXIT.usage);
    expect(cli.calls).toEqual([]);
    expect(cli.stderr()).toContain("missing required argument 'key'");
  });
});
