import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { SwapErrors } from '@swap/domain';
import type { SwapClient } from '@swap/sdk';
import { VALID_ADDRESSES } from '@swap/domain/testing';
import { Stack } from '@swap/stack';
import { launchChromium } from './support/chromium';
import { SwapDriver } from './support/swap-driver';

const FORM = 'application/x-www-form-urlencoded';

/** An answer as a browser without JavaScript gets it: status, headers, the page. */
interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * D19's public swap page through HTTP, as a browser without JavaScript uses it: the form, its
 * quote by GET, its urlencoded create, the 303 to the status page, the API's own message for a
 * bad field, and the limits per client (open swaps across two gateway replicas).
 */
describe('the public swap page without JavaScript (D19)', () => {
  let stack: Stack;
  let origin: string;

  beforeAll(async () => {
    stack = await Stack.start({ gateways: 2, env: { SWAP_PAGE_OPEN_SWAPS: '2' } });
    await stack.pricesReady(await stack.createKey());
    origin = stack.gateways[0].url;
  }, 120_000);
  afterAll(() => stack?.stop());

  async function get(path: string, base = origin): Promise<Answer> {
    const response = await fetch(`${base}${path}`, { redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  async function post(fields: Record<string, string>, base = origin): Promise<Answer> {
    const response = await fetch(`${base}/swap/new`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** The form as the page serves it: its hidden fields (the stamp), read after the wait a person takes. */
  async function servedForm(query = '', base = origin): Promise<Record<string, string>> {
    const page = await get(`/swap/new${query}`, base);
    expect(page.status).toBe(200);
    const hidden = [...page.text.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)];
    await sleep(2100);
    return Object.fromEntries(hidden.map(([, name, value]) => [name, value]));
  }

  const order = { from: 'LTC', to: 'ETH', amount: '2', toAddress: VALID_ADDRESSES.ETH };

  it('serves the form under the status page’s discipline; /swap/new is not taken for a swap id', async () => {
    const page = await get('/swap/new');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`form-action 'self' ${new URL(origin).origin}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.text).toContain('<form class="card form" method="post" action="new"');
    for (const [, path] of page.text.matchAll(/(?:href|src)="(new\/assets\/[^"]+)"/g)) {
      const asset = await get(`/swap/${path}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
    }
    expect((await get('/swap/new/assets/new-swap.000000000000.js')).status).toBe(404);
  });

  it('quotes without JavaScript (the form as a GET), and for the script as JSON', async () => {
    const page = await get('/swap/new?from=LTC&to=ETH&amount=2&toAddress=nope');
    expect(page.text).toContain('<dd data-q="send">2 LTC</dd>');
    expect(page.text).toMatch(/<dd data-q="rate">1 LTC = [\d.]+ ETH<\/dd>/);
    expect(page.text).toMatch(/check--bad" id="toAddress-check"[^>]*>Not a valid ETH address/);

    const quote = await get('/swap/new/quote?from=LTC&to=ETH&amount=2');
    expect(quote.status).toBe(200);
    expect(JSON.parse(quote.text)).toMatchObject({ code: 0, data: { send: '2 LTC', min: '0.1 LTC' } });
    const low = await get('/swap/new/quote?from=LTC&to=ETH&amount=0.01');
    expect(low.status).toBe(400);
    expect(JSON.parse(low.text)).toEqual({ code: 1, msg: expect.stringMatching(/minimum/), data: null });
    const fixed = await get('/swap/new/quote?from=LTC&to=ETH&amount=2&type=fixed');
    expect(JSON.parse(fixed.text).msg).toBe(SwapErrors.fixedRateNotEnabled().message); // no referral key

    const address = await get(`/swap/new/address?code=ETH&address=${VALID_ADDRESSES.ETH}`);
    expect(JSON.parse(address.text)).toEqual({ code: 0, msg: '', data: { valid: true, reason: null } });
    const wrong = await get(`/swap/new/address?code=ETH&address=${VALID_ADDRESSES.LTC}`);
    expect(JSON.parse(wrong.text).data).toMatchObject({ valid: false });
  });

  it('creates from the urlencoded form: 303 to the swap’s status page, which opens', async () => {
    const form = await servedForm();
    const created = await post({ ...form, ...order, refundAddress: VALID_ADDRESSES.LTC });
    expect(created.status).toBe(303);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${origin}/swap/\\w{10}\\?token=[\\w-]{22}$`));
    const status = await get(location.slice(origin.length));
    expect(status.status).toBe(200);
    expect(status.text).toContain('Send 2 LTC');
  });

  it("shows a bad field's API message on the form again, as typed (400); never a 500", async () => {
    const form = await servedForm();
    const bad = await post({ ...form, ...order, toAddress: VALID_ADDRESSES.LTC });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(SwapErrors.invalidToAddress('ETH').message);
    expect(bad.text).toContain(`value="${VALID_ADDRESSES.LTC}"`);
    const missing = await post({ ...form, from: 'LTC', to: 'ETH', toAddress: VALID_ADDRESSES.ETH });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain(SwapErrors.missingField('amount').message);
    const json = await fetch(`${origin}/swap/new`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...form, ...order }),
    });
    expect(json.status).toBe(400);
    expect(await json.text()).toContain('application/x-www-form-urlencoded');
  });

  it('refuses a form it did not serve, or one sent at once, without creating', async () => {
    const forged = await post({ ...order, stamp: '1.abc' });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('This form was not sent from the swap page.');
    const page = await get('/swap/new');
    const stamp = /name="stamp" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const hasty = await post({ ...order, stamp });
    expect(hasty.status).toBe(400);
    expect(hasty.text).toContain('That was quick.');
    const fresh = /name="stamp" value="([^"]+)"/.exec(hasty.text)?.[1];
    expect(fresh).toMatch(/^\d+\./);
    expect(fresh).not.toBe(stamp); // a fresh stamp, to send it again
  });

  it('limits the swaps one client keeps waiting for a deposit, across replicas (429)', async () => {
    const other = stack.gateways[1].url;
    // One swap was created above from this client; one more on the other replica reaches the limit.
    const second = await post({ ...(await servedForm('', other)), ...order }, other);
    expect(second.status).toBe(303);
    const third = await post({ ...(await servedForm()), ...order });
    expect(third.status).toBe(429);
    expect(third.text).toContain('You already have 2 swaps waiting for a deposit.');
    expect(third.text).toContain(`value="${VALID_ADDRESSES.ETH}"`); // the form kept
  });
});

/**
 * The page in headless Chromium with JavaScript, as a partner's user comes to it: from a referral
 * link whose key has fixed rates, LTC → ETH, the live quote, an address refused then accepted as it
 * is typed, and the create that lands on the swap's status page; nothing logged, nothing fetched
 * from another origin, and the swap marked with the code.
 */
describe('the public swap page in a browser (D19)', () => {
  let stack: Stack;
  let origin: string;
  let browser: Browser;
  let code: string;
  let partner: SwapClient;

  beforeAll(async () => {
    stack = await Stack.start();
    const key = await stack.createKey({ fixedRateEnabled: true });
    partner = stack.client(key);
    const driver = new SwapDriver(stack, partner);
    code = (await driver.swapctl('keys', 'referral', key.key)).code;
    origin = stack.gateways[0].url;
    browser = await launchChromium();
    await stack.pricesReady(key);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('follows a referral link to a created LTC → ETH swap, quoting and checking as the user types', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => requests.push(request.url()));

    expect((await page.goto(`${origin}/swap/new?ref=${code}`))?.status()).toBe(200);
    await page.selectOption('select[name="from"]', 'LTC');
    await page.selectOption('select[name="to"]', 'ETH');
    expect(await page.locator('input[name="type"][value="fixed"]').count()).toBe(1); // the key allows it
    await page.fill('input[name="amount"]', '2');
    await page.locator('[data-q="send"]', { hasText: '2 LTC' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-q="rate"]').innerText()).toMatch(/^1 LTC = [\d.]+ ETH$/);
    expect(await page.locator('[data-quote-button]').isHidden()).toBe(true); // the quote is live

    await page.fill('input[name="toAddress"]', VALID_ADDRESSES.LTC);
    await page.locator('#toAddress-check.check--bad', { hasText: 'Not a valid ETH address' }).waitFor();
    await page.fill('input[name="toAddress"]', VALID_ADDRESSES.ETH);
    await page.locator('#toAddress-check.check--ok', { hasText: 'Valid address.' }).waitFor();
    await page.waitForTimeout(2000); // the form's stamp wants a couple of seconds

    await page.click('button:has-text("Create the swap")');
    await page.waitForURL(/\/swap\/\w{10}\?token=[\w-]{22}$/);
    expect(await page.locator('.notice h2').first().innerText()).toBe('Send 2 LTC');
    const { data: order } = (await (await fetch(page.url().replace('?', '.json?'))).json()) as {
      data: unknown;
    };
    expect(order).toMatchObject({
      ref: code,
      from: { code: 'LTC' },
      to: { code: 'ETH', address: VALID_ADDRESSES.ETH },
    });

    const id = new URL(page.url()).pathname.split('/').pop() as string;
    expect((await partner.status(id)).ref).toBe(code); // the key's own swap: no token needed
    expect(requests.some((url) => url.startsWith(`${origin}/swap/new/quote?`))).toBe(true);
    expect(requests.some((url) => url.startsWith(`${origin}/swap/new/address?`))).toBe(true);
    expect(requests.filter((url) => !url.startsWith(`${origin}/swap/`))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works with JavaScript off: "Get a quote" shows it again with the quote, create lands on the status page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/swap/new?ref=${code}`);
    await page.selectOption('select[name="from"]', 'LTC');
    await page.selectOption('select[name="to"]', 'ETH');
    await page.fill('input[name="amount"]', '1.5');
    await page.fill('input[name="toAddress"]', VALID_ADDRESSES.ETH);
    await page.click('button:has-text("Get a quote")');
    await page.waitForURL(/\/swap\/new\?ref=.*amount=1\.5/);
    expect(await page.locator('[data-q="send"]').innerText()).toBe('1.5 LTC');
    expect(await page.locator('#toAddress-check').innerText()).toBe('Valid address.');
    await page.waitForTimeout(2000); // the form's stamp wants a couple of seconds

    await page.click('button:has-text("Create the swap")');
    await page.waitForURL(/\/swap\/\w{10}\?token=[\w-]{22}$/);
    expect(await page.locator('.notice h2').first().innerText()).toBe('Send 1.5 LTC');
    const id = new URL(page.url()).pathname.split('/').pop() as string;
    expect((await partner.status(id)).ref).toBe(code); // the code went along through the quote
    await context.close();
  });
});
