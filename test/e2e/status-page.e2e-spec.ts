import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { type CurrencyCode } from '@swap/domain';
import { SwapClient, SwapOrder } from '@swap/sdk';
import { repoRoot, Stack } from '@swap/stack';
import { launchChromium } from './support/chromium';
import { ADDRESSES, SwapDriver } from './support/swap-driver';

const OUTPUT = join(repoRoot(), 'test-output', 'status-page');
const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };
const MAINNET_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/** What a wallet must read from each currency's QR code: the amounts here are the orders' below. */
const PAYMENT_URIS: Record<CurrencyCode, [amount: string, uri: (address: string) => string]> = {
  BTC: ['0.01', (a) => `bitcoin:${a}?amount=0.01`],
  LTC: ['1.25', (a) => `litecoin:${a}?amount=1.25`],
  XMR: ['1', (a) => `monero:${a}?tx_amount=1`],
  TRX: ['500', (a) => a],
  ETH: ['0.5', (a) => `ethereum:${a}@1?value=500000000000000000`],
  SOL: ['5', (a) => `solana:${a}?amount=5`],
  AVAX: ['10', (a) => `ethereum:${a}@43114?value=10000000000000000000`],
  USDTTRC: ['200', (a) => a],
  USDTERC: ['200', (a) => `ethereum:${MAINNET_USDT}@1/transfer?address=${a}&uint256=200000000`],
};

/** One browser tab on a status page, with everything it logged and everything it requested. */
interface Tab {
  page: Page;
  context: BrowserContext;
  errors: string[];
  requests: string[];
}

/**
 * D17's status page in a real browser (Debian's Chromium, headless), as the end user sees it: a
 * NEW, CONFIRMING, RATE_CHANGED, REFUNDING-without-address and DONE swap on the devnet; the QR
 * code read back from the screen decodes to each currency's payment URI; the countdown moves; a
 * page left open reaches DONE without a reload; no console errors, nothing from another origin;
 * still complete without JavaScript; CSP, 404 and the per-IP limit from outside.
 */
describe('the status page in a browser (D17)', () => {
  let stack: Stack;
  let api: SwapClient;
  let driver: SwapDriver;
  let browser: Browser;
  let origin: string;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    stack = await Stack.start({ chains: { networks: ['LTC', 'ETH'] } });
    const key = await stack.createKey({ fixedRateEnabled: true });
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    origin = stack.gateways[0].url;
    browser = await launchChromium();
    await stack.pricesReady(key);
  }, 120_000);

  afterEach(async () => {
    for (const tab of tabs.splice(0)) await tab.context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function open(
    order: SwapOrder,
    {
      viewport = DESKTOP,
      javaScriptEnabled = true,
      colorScheme = 'light' as 'light' | 'dark',
      withoutEventSource = false,
    } = {},
  ): Promise<Tab> {
    const context = await browser.newContext({ viewport, javaScriptEnabled, colorScheme });
    const page = await context.newPage();
    // A browser (or a proxy in front of the gateway) without Server-Sent Events.
    if (withoutEventSource) await page.addInitScript('delete window.EventSource');
    const tab: Tab = { page, context, errors: [], requests: [] };
    tabs.push(tab);
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') tab.errors.push(message.text());
    });
    page.on('pageerror', (error) => tab.errors.push(error.message));
    page.on('request', (request) => tab.requests.push(request.url()));
    const response = await page.goto(order.url as string);
    expect(response?.status()).toBe(200);
    return tab;
  }

  /** What the user should find true of every page: nothing logged, nothing from anywhere else. */
  function expectClean(tab: Tab) {
    expect(tab.errors).toEqual([]);
    expect(tab.requests.filter((url) => !url.startsWith(`${origin}/swap/`))).toEqual([]);
  }

  async function screenshot(tab: Tab, name: string) {
    await tab.page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
  }

  const text = (tab: Tab, selector: string) => tab.page.locator(selector).first().innerText();
  const currentStep = (tab: Tab) => text(tab, '.step--current');

  /** The QR code as the screen shows it, decoded: its pixels read back through a blank page's canvas. */
  async function scanQr(tab: Tab): Promise<string | undefined> {
    const png = await tab.page.locator('svg.qr').screenshot();
    const blank = await browser.newPage();
    try {
      // The pixels come back as base64: an array of numbers crosses the protocol a thousand times slower.
      const { width, height, rgba } = (await blank.evaluate(`(async () => {
        const image = new Image();
        image.src = 'data:image/png;base64,${png.toString('base64')}';
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, image.width, image.height);
        let binary = '';
        for (let i = 0; i < pixels.data.length; i += 8192)
          binary += String.fromCharCode.apply(null, pixels.data.subarray(i, i + 8192));
        return { width: pixels.width, height: pixels.height, rgba: btoa(binary) };
      })()`)) as { width: number; height: number; rgba: string };
      return jsQR(new Uint8ClampedArray(Buffer.from(rgba, 'base64')), width, height)?.data;
    } finally {
      await blank.close();
    }
  }

  const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

  const ltcToEth = (amount: string, more: { type?: 'fixed'; refundAddress?: string } = {}) =>
    api.create({ from: 'LTC', to: 'ETH', amount, toAddress: ADDRESSES.ETH, ...more });

  it('NEW: amount and address to copy, a QR code of the payment URI, a countdown that moves', async () => {
    const order = await ltcToEth('1.25');
    const tab = await open(order);
    expect(await text(tab, '.notice h2')).toBe('Send 1.25 LTC');
    expect(await currentStep(tab)).toBe('Waiting for your deposit');
    expect(await scanQr(tab)).toBe(`litecoin:${order.from.address}?amount=1.25`);

    const before = seconds(await text(tab, 'time[data-countdown]'));
    expect(before).toBeGreaterThan(3500);
    expect(before).toBeLessThanOrEqual(order.time.left as number);
    await tab.page.waitForTimeout(2500);
    const after = seconds(await text(tab, 'time[data-countdown]'));
    expect(before - after).toBeGreaterThanOrEqual(2);
    expect(before - after).toBeLessThanOrEqual(4);

    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const copyAddress = tab.page.getByRole('button', { name: 'Copy deposit address' });
    await copyAddress.click();
    // Class and label checked in one look inside the page: the label goes back to "Copy" 1.6 s
    // later, which a loaded machine can let pass between two separate reads from the test. A
    // locator, not waitForFunction: when its first look fails, waitForFunction polls by evaluating
    // the string in the page, which the page's CSP (no 'unsafe-eval') refuses.
    await tab.page.locator('button.copied', { hasText: /^Copied$/ }).waitFor({ timeout: 5_000 });
    expect(await tab.page.evaluate('navigator.clipboard.readText()')).toBe(order.from.address);
    await tab.page.getByRole('button', { name: 'Copy amount' }).click();
    expect(await tab.page.evaluate('navigator.clipboard.readText()')).toBe('1.25');

    await screenshot(tab, 'new-desktop');
    expectClean(tab);
  });

  it('NEW on a phone in dark mode: everything fits the width, the QR code still scans', async () => {
    const order = await ltcToEth('1.25');
    const tab = await open(order, { viewport: MOBILE, colorScheme: 'dark' });
    expect(await tab.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    expect(await scanQr(tab)).toBe(`litecoin:${order.from.address}?amount=1.25`);
    await screenshot(tab, 'new-mobile-dark');
    expectClean(tab);
  });

  it.each(Object.keys(PAYMENT_URIS) as CurrencyCode[])(
    'the QR code of a swap from %s decodes to its payment URI',
    async (from) => {
      const [amount, uri] = PAYMENT_URIS[from];
      const to: CurrencyCode = from === 'ETH' ? 'LTC' : 'ETH';
      const order = await api.create({ from, to, amount, toAddress: ADDRESSES[to] });
      const tab = await open(order);
      expect(await scanQr(tab)).toBe(uri(order.from.address));
      expectClean(tab);
    },
  );

  it('CONFIRMING: 1 of 2 confirmations, the transaction and addresses on the explorers', async () => {
    const order = await ltcToEth('1');
    const { txid } = await driver.deposit('LTC', order.from.address, '1');
    await driver.mine('LTC');
    await driver.reach(order.id, 'CONFIRMING');
    const tab = await open(order);
    expect(await currentStep(tab)).toBe('Confirming: 1 of 2');
    expect(await tab.page.locator(`a[href="https://litecoinspace.org/tx/${txid}"]`).count()).toBe(1);
    expect(
      await tab.page.locator(`a[href="https://litecoinspace.org/address/${order.from.address}"]`).count(),
    ).toBe(1);
    expect(await tab.page.locator(`a[href="https://etherscan.io/address/${ADDRESSES.ETH}"]`).count()).toBe(1);
    expect(await tab.page.locator('svg.qr').count()).toBe(0);
    await screenshot(tab, 'confirming-desktop');
    expectClean(tab);
  });

  it('RATE_CHANGED: what was sent against the order, the re-quote, and who decides', async () => {
    const order = await ltcToEth('1', { type: 'fixed' });
    await driver.deposit('LTC', order.from.address, '1.2');
    await driver.mine('LTC', 2);
    const changed = await driver.reach(order.id, 'RATE_CHANGED');
    const tab = await open(order);
    expect(await text(tab, '.notice h2')).toBe('Your deposit differs from the order');
    const notice = await text(tab, '.notice p');
    expect(notice).toContain('You sent 1.2 LTC; the order was for 1 LTC');
    expect(notice).toContain(`you would receive ${Number(changed.proposed?.amount)} ETH`);
    expect(notice).toContain(`quote the swap id ${order.id}`);
    expect(await currentStep(tab)).toBe('Amount differs: a decision is needed');
    await screenshot(tab, 'rate-changed-desktop');
    expectClean(tab);
  });

  it('REFUNDING without a refund address: the page says how the user gets one to us', async () => {
    const order = await ltcToEth('1');
    await driver.deposit('LTC', order.from.address, '0.05'); // below the 0.1 LTC minimum
    await driver.mine('LTC', 2);
    const refunding = await driver.reach(order.id, 'REFUNDING');
    expect(refunding.issue).toMatchObject({ type: 'BELOW_MINIMUM', needsRefundAddress: true });
    const tab = await open(order, { viewport: MOBILE });
    expect(await text(tab, '.notice h2')).toBe('Your deposit will be refunded: a refund address is needed');
    expect(await text(tab, '.notice p')).toContain(`quoting the swap id ${order.id}`);
    expect(await currentStep(tab)).toBe('Refunding');
    expect(await tab.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(tab, 'refunding-needs-address-mobile');
    expectClean(tab);
  });

  it('a page left open follows the swap to DONE without a reload', async () => {
    const order = await ltcToEth('1');
    const tab = await open(order);
    const navigations: string[] = [];
    tab.page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await tab.page.evaluate('window.stillTheSamePage = true');
    const status = (value: string) =>
      tab.page.waitForSelector(`main[data-status="${value}"]`, { timeout: 30_000 });

    const { txid } = await driver.deposit('LTC', order.from.address, '1');
    await status('PENDING');
    expect(await currentStep(tab)).toBe('Deposit seen');
    await driver.mine('LTC');
    await status('CONFIRMING');
    expect(await currentStep(tab)).toBe('Confirming: 1 of 2');
    await driver.mine('LTC');
    await driver.reach(order.id, 'SENDING');
    await driver.mine('ETH');
    const done = await driver.reach(order.id, 'DONE');
    await status('DONE');

    expect(await tab.page.evaluate('window.stillTheSamePage')).toBe(true);
    expect(navigations).toEqual([]);
    expect(await text(tab, '.notice h2')).toBe('Done');
    expect(await text(tab, '.notice p')).toBe(`${Number(done.to.amount)} ETH were sent to your address.`);
    expect(await tab.page.locator('.step--done').count()).toBe(5);
    expect(await tab.page.locator(`a[href="https://litecoinspace.org/tx/${txid}"]`).count()).toBe(1);
    expect(await tab.page.locator(`a[href="https://etherscan.io/tx/${done.to.tx?.id}"]`).count()).toBe(1);
    expect(await text(tab, '[data-live]')).toBe('This swap is over.');
    // It followed the swap's events (D18), without one polling request.
    expect(tab.requests.some((url) => url.includes(`/swap/${order.id}/events?token=`))).toBe(true);
    expect(tab.requests.filter((url) => url.includes(`/swap/${order.id}.json`))).toEqual([]);
    await screenshot(tab, 'done-desktop');
    expectClean(tab);
  });

  it('without EventSource the page polls its .json and still follows the swap', async () => {
    const order = await ltcToEth('1');
    const tab = await open(order, { withoutEventSource: true });
    await driver.deposit('LTC', order.from.address, '1');
    await tab.page.waitForSelector('main[data-status="PENDING"]', { timeout: 30_000 });
    expect(tab.requests.some((url) => url.includes(`/swap/${order.id}.json?token=`))).toBe(true);
    expect(tab.requests.filter((url) => url.includes('/events'))).toEqual([]);
    expectClean(tab);
  });

  it('without JavaScript the page is complete and reloads itself while the swap is open', async () => {
    const order = await ltcToEth('1.25');
    const tab = await open(order, { javaScriptEnabled: false });
    expect(await text(tab, '.notice h2')).toBe('Send 1.25 LTC');
    expect(await text(tab, 'code.address')).toBe(order.from.address);
    expect(await scanQr(tab)).toBe(`litecoin:${order.from.address}?amount=1.25`);
    expect(await tab.page.locator('button[data-copy]:visible').count()).toBe(0);
    expect(await tab.page.locator('noscript').first().innerHTML()).toContain('http-equiv="refresh"');
    await screenshot(tab, 'new-no-javascript');
    expectClean(tab);
  });

  it('from outside: a strict CSP, the same 404 for a wrong token, the JSON order, and a per-IP limit', async () => {
    const order = await ltcToEth('1');
    const page = await fetch(order.url as string);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');

    const json = await fetch(`${origin}/swap/${order.id}.json?token=${order.token}`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toMatchObject({
      code: 0,
      data: { id: order.id, status: 'NEW', from: { address: order.from.address } },
    });
    const wrong = 'x'.repeat(22);
    expect((await fetch(`${origin}/swap/${order.id}?token=${wrong}`)).status).toBe(404);
    expect(await (await fetch(`${origin}/swap/${order.id}.json?token=${wrong}`)).json()).toEqual({
      code: 1,
      msg: 'Swap not found',
      data: null,
    });

    // The default limit is 10 a second per IP: 40 at once are mostly refused, with Retry-After.
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${origin}/swap/${order.id}.json?token=${order.token}`)),
    );
    const refused = burst.filter((response) => response.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(25);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused[0].json()).toMatchObject({ code: 1, msg: 'Rate limit exceeded', retry_after: 1 });
  });
});
