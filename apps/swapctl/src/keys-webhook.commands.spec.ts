import { EXIT } from './cli-error';
import { runCli } from './program';
import { answer, fakeCli, refusal, unavailable } from './test/fake-bus';
import { keyInfo } from './test/fixtures';

const words = (line: string) => line.split(' ');

const URL = 'https://shop.example.com/hooks/swap';
const SECRET = 'whsec_7Hq2mXv9LpR4sT6uW8yZ1aB3cD5eF7gJ';
const hook = { key: 'k_1', url: URL, createdAt: 1735689600, secret: SECRET };

describe('swapctl keys webhook', () => {
  it('sets a webhook and prints D12 {"key","url","secret"} with --json', async () => {
    const cli = fakeCli({ 'notifier.webhooks.set': answer(hook) });

    expect(await runCli(words(`keys webhook k_1 ${URL} --json`), cli.ctx)).toBe(EXIT.ok);

    expect(cli.calls).toEqual([{ rpc: 'notifier.webhooks.set', body: { key: 'k_1', url: URL } }]);
    expect(JSON.parse(cli.stdout())).toStrictEqual({ key: 'k_1', url: URL, secret: SECRET });
  });

  it('says in human form that the signing secret is shown only once', async () => {
    const cli = fakeCli({ 'notifier.webhooks.set': answer(hook) });

    await runCli(words(`keys webhook k_1 ${URL}`), cli.ctx);

    expect(cli.stdout()).toContain(`secret  ${SECRET}\n`);
    expect(cli.stdout()).toContain('The signing secret is shown only this once');
  });

  it('removes the webhook with `off`, and says when there was none', async () => {
    const cli = fakeCli({
      'notifier.webhooks.remove': (body) => ({
        ok: true,
        data: { key: (body as { key: string }).key, removed: (body as { key: string }).key === 'k_1' },
      }),
    });

    await runCli(words('keys webhook k_1 off --json'), cli.ctx);
    await runCli(words('keys webhook k_2 off'), cli.ctx);

    expect(cli.calls).toEqual([
      { rpc: 'notifier.webhooks.remove', body: { key: 'k_1' } },
      { rpc: 'notifier.webhooks.remove', body: { key: 'k_2' } },
    ]);
    const [json, human] = cli.stdout().split(/(?<=^\})\n/m);
    expect(JSON.parse(json)).toEqual({ key: 'k_1', removed: true });
    expect(human).toBe('key k_2 had no webhook\n');
  });

  it.each(['ftp://shop.example.com/hook', 'shop.example.com/hook', 'on'])(
    'refuses %s as a URL with exit 2 without asking the bus',
    async (url) => {
      const cli = fakeCli();

      expect(await runCli(['keys', 'webhook', 'k_1', url], cli.ctx)).toBe(EXIT.usage);

      expect(cli.calls).toEqual([]);
      expect(cli.stderr()).toContain('webhook URL must be an absolute http:// or https:// URL');
    },
  );

  it("shows the notifier's refusal and exits 1", async () => {
    const cli = fakeCli({
      'notifier.webhooks.set': refusal('WEBHOOK_URL_REFUSED', 'shop.internal resolves to a private address'),
    });

    const code = await runCli(words('keys webhook k_1 https://shop.internal/hook --json'), cli.ctx);

    expect(code).toBe(EXIT.failed);
    expect(cli.stderr()).toBe('swapctl: shop.internal resolves to a private address\n');
    expect(JSON.parse(cli.stdout())).toEqual({
      error: { code: 'WEBHOOK_URL_REFUSED', message: 'shop.internal resolves to a private address' },
    });
  });

  it('says the notifier is not answering when its request times out, and exits 3', async () => {
    const cli = fakeCli({ 'notifier.webhooks.remove': unavailable('ops.notifier.webhooks.remove') });

    expect(await runCli(words('keys webhook k_1 off'), cli.ctx)).toBe(EXIT.unreachable);

    expect(cli.stderr()).toMatch(
      /^swapctl: the notifier is not answering on the bus at nats:\/\/\S+ \(no reply/,
    );
  });
});

describe('swapctl keys create --webhook-url', () => {
  const created = { key: 'k_new', secret: 's3cret' };

  it('creates the key, then sets its webhook: one JSON document with both secrets', async () => {
    const cli = fakeCli({
      'gateway.keys.create': answer(created),
      'notifier.webhooks.set': answer({ ...hook, key: 'k_new' }),
    });

    expect(await runCli(words(`keys create --label shop --webhook-url ${URL} --json`), cli.ctx)).toBe(
      EXIT.ok,
    );

    expect(cli.calls.map((c) => c.rpc)).toEqual(['gateway.keys.create', 'notifier.webhooks.set']);
    expect(cli.calls[0].body).toMatchObject({ label: 'shop' });
    expect(cli.calls[1].body).toEqual({ key: 'k_new', url: URL });
    expect(JSON.parse(cli.stdout())).toStrictEqual({
      key: 'k_new',
      secret: 's3cret',
      webhook: { url: URL, secret: SECRET },
    });
  });

  it('shows both secrets in human form, with the warning that they are shown once', async () => {
    const cli = fakeCli({
      'gateway.keys.create': answer(created),
      'notifier.webhooks.set': answer({ ...hook, key: 'k_new' }),
    });

    await runCli(words(`keys create --webhook-url ${URL}`), cli.ctx);

    expect(cli.stdout()).toContain('secret          s3cret\n');
    expect(cli.stdout()).toContain(`webhook secret  ${SECRET}\n`);
    expect(cli.stdout()).toContain('Both secrets are shown only this once');
  });

  it('refuses a bad URL before the key is created', async () => {
    const cli = fakeCli({ 'gateway.keys.create': answer(created) });

    expect(await runCli(words('keys create --webhook-url mailto:ops@example.com'), cli.ctx)).toBe(EXIT.usage);
    expect(cli.calls).toEqual([]);
  });

  it("keeps the key's secret when the notifier refuses the webhook, and says how to set it again", async () => {
    const cli = fakeCli({
      'gateway.keys.create': answer(created),
      'notifier.webhooks.set': refusal('WEBHOOK_URL_REFUSED', 'shop.internal resolves to a private address'),
    });
    const url = 'https://shop.internal/hook?a=1&b=2';

    const code = await runCli(['keys', 'create', '--webhook-url', url, '--json'], cli.ctx);

    expect(code).toBe(EXIT.failed);
    const document = JSON.parse(cli.stdout());
    expect(document).toMatchObject({ key: 'k_new', secret: 's3cret', webhook: null });
    expect(document.error.code).toBe('WEBHOOK_URL_REFUSED');
    expect(cli.stderr()).toBe(
      'swapctl: key k_new was created (its secret is printed), but its webhook was not set: ' +
        'shop.internal resolves to a private address. ' +
        `Set it with: swapctl keys webhook k_new '${url}'\n`,
    );
  });

  it('prints the key in human form when the notifier is not answering, and exits 3', async () => {
    const cli = fakeCli({
      'gateway.keys.create': answer(created),
      'notifier.webhooks.set': unavailable('ops.notifier.webhooks.set'),
    });

    expect(await runCli(words(`keys create --webhook-url ${URL}`), cli.ctx)).toBe(EXIT.unreachable);

    expect(cli.stdout()).toContain('secret   s3cret\n');
    expect(cli.stdout()).toContain('webhook  not set (see the error below)\n');
    expect(cli.stderr()).toContain('the notifier is not answering');
    expect(cli.stderr()).toContain(`Set it with: swapctl keys webhook k_new ${URL}\n`);
  });
});

describe('swapctl keys list with webhooks', () => {
  const keys = [keyInfo({ key: 'k_1' }), keyInfo({ key: 'k_2', label: null })];

  it("shows each key's webhook URL, none as -", async () => {
    const cli = fakeCli({
      'gateway.keys.list': answer(keys),
      'notifier.webhooks.list': answer([{ key: 'k_1', url: URL, createdAt: 1735689600 }]),
    });

    await runCli(words('keys list --json'), cli.ctx);
    await runCli(words('keys list'), cli.ctx);

    expect(cli.calls.map((c) => c.rpc)).toEqual([
      'gateway.keys.list',
      'notifier.webhooks.list',
      'gateway.keys.list',
      'notifier.webhooks.list',
    ]);
    const [json, human] = cli.stdout().split(/(?<=^\])\n/m);
    expect(JSON.parse(json).map((k: { key: string; webhook: unknown }) => [k.key, k.webhook])).toEqual([
      ['k_1', URL],
      ['k_2', null],
    ]);
    const lines = human.trimEnd().split('\n');
    expect(lines[0]).toMatch(/\sCREATED\s+WEBHOOK$/);
    expect(lines[1]).toMatch(new RegExp(`^k_1\\s.*\\s${URL}$`));
    expect(lines[2]).toMatch(/^k_2\s.*\s-$/);
  });

  it('still lists the keys when the notifier does not answer (a deployment without it)', async () => {
    const cli = fakeCli({
      'gateway.keys.list': answer(keys),
      'notifier.webhooks.list': unavailable('ops.notifier.webhooks.list', 'no-responders'),
    });

    expect(await runCli(words('keys list --json'), cli.ctx)).toBe(EXIT.ok);

    expect(JSON.parse(cli.stdout())).toEqual(keys);
    expect(cli.stderr()).toBe(
      'swapctl: keys listed without their webhooks: the notifier is not reachable on the bus at ' +
        'nats://127.0.0.1:4222: is the service running?\n',
    );
  });

  it("fails on the notifier's refusal rather than hide it", async () => {
    const cli = fakeCli({
      'gateway.keys.list': answer(keys),
      'notifier.webhooks.list': refusal('INTERNAL', 'database unavailable'),
    });

    expect(await runCli(words('keys list'), cli.ctx)).toBe(EXIT.failed);
    expect(cli.stderr()).toBe('swapctl: database unavailable\n');
  });
});
