import { type KeyRights } from '@swap/domain';
import { MarketFeed } from '@swap/market';
import { QuoteSwap } from '../quote-swap.use-case';
import { STATUS_PAGE_CSP } from '../status-page/security-headers';
import { FormStamps } from './form-stamp';
import { NEW_SWAP_ASSETS } from './new-swap.assets';
import { FORM_FIELDS, parseNewSwapForm } from './new-swap.form';
import { NewSwapPage } from './new-swap-page';
import { PageQuote } from './page-quote.use-case';
import { NO_KEY } from '../../referrals/create-referred-swap.use-case';

const FIXED: KeyRights = { fixedRateEnabled: true, dryrunEnabled: false, partnerPercent: '0.5' };
const LTC_ADDRESS = 'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('the public swap page (D19)', () => {
  const now = 1_000_000;
  const market = new MarketFeed(() => now);
  for (const [coin, usd] of [
    ['LTC', '80'],
    ['ETH', '3000'],
    ['BTC', '60000'],
  ])
    market.setPrice({ coin, usd, at: now, sources: [] });
  const referral = { rightsOf: async (ref: string | undefined) => (ref === 'FIXED1' ? FIXED : NO_KEY) };
  const pageQuote = new PageQuote(referral, new QuoteSwap(market, 3600));
  const swapPage = new NewSwapPage({
    swaps: referral,
    quotes: pageQuote,
    market,
    chains: {},
    stamps: new FormStamps(Buffer.from('k'.repeat(32)), () => now),
    publicUrl: 'https://swap.example',
  });
  const render = (query: string, message: string | null = null) =>
    swapPage.render(parseNewSwapForm(query), message);

  it('escapes everything it shows back: the referral code, the amount, the addresses, the message', async () => {
    const evil = '"><script>alert(1)</script>';
    const html = await render(
      `ref=${encodeURIComponent(evil)}&amount=${encodeURIComponent(evil)}&toAddress=${encodeURIComponent(evil)}`,
      `<img src=x onerror=alert(2)>`,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    // The code goes back with the form but is never shown: a link's text does not speak on the page.
    expect(html.match(/&lt;script&gt;alert\(1\)/g)).toHaveLength(3); // ref, amount, toAddress values
    expect(html.match(/<script/g)).toHaveLength(1); // its own script file, nothing inline
    expect(html).toContain(`<script src="new/assets/${NEW_SWAP_ASSETS.script.name}" defer></script>`);
  });

  it('is a plain form to this page with the API body’s field names, a fresh stamp and the refund advice', async () => {
    const html = await render('');
    expect(html).toContain('<form class="card form" method="post" action="new"');
    for (const name of FORM_FIELDS) expect(html).toContain(`name="${name}"`);
    expect(html).toMatch(/name="stamp" value="\d+\.[\w-]{43}"/);
    expect(html).toContain('formmethod="get" formaction="new"'); // "Get a quote" without JavaScript
    expect(html).toContain('a deposit below the minimum or above liquidity is refunded there automatically');
    expect(html).toContain('Enter an amount to see a quote.');
  });

  it('offers a fixed rate and a receive amount only where the referral key allows it', async () => {
    const plain = await render('ref=UNKNOWN&direction=to&type=fixed');
    expect(plain).not.toContain('value="fixed"');
    expect(plain).toMatch(/value="to" disabled/);
    expect(plain).toMatch(/value="from" checked/);
    const fixed = await render('ref=FIXED1&direction=to');
    expect(fixed).toMatch(/value="to" checked>/);
    expect(fixed).toMatch(/value="fixed" checked>/);
  });

  it('shows the quote of what was typed, and the API’s message when there is none', async () => {
    const html = await render('from=LTC&to=ETH&amount=10');
    expect(html).toContain('<dd data-q="send">10 LTC</dd>');
    expect(html).toMatch(/<dd data-q="rate">1 LTC = 0\.02\d* ETH<\/dd>/);
    expect(html).toMatch(/<dd data-q="fee">0\.25 % \(/);
    expect(html).toContain('(about)');
    expect(await render('from=LTC&to=ETH&amount=0.0000001')).toMatch(
      /<p class="quote-note bad"[^>]*>Amount is below the minimum of 0.1 LTC</,
    );
    const fixed = await render('ref=FIXED1&from=LTC&to=ETH&amount=10&type=fixed');
    expect(fixed).toMatch(/<dd data-q="fee">1 % /); // 0.5 % fixed, and the key’s 0.5 % volume share
    expect(fixed).toContain('(guaranteed)');
  });

  it('shows pairs under maintenance as unavailable', async () => {
    market.setPairSettings({ from: 'LTC', to: 'SOL', enabled: false, min: null, updatedAt: now });
    const html = await render('from=LTC&to=ETH');
    expect(html).toContain('<option value="SOL" disabled>SOL · Solana (unavailable)</option>');
    expect(html).toMatch(/data-unavailable="[^"]*LTC-SOL/);
    expect(await render('from=LTC&to=SOL&amount=1')).toMatch(/maintenance/i);
  });

  it('checks the addresses given, by D15’s rules, against the chosen coins', async () => {
    const html = await render(`from=LTC&to=ETH&toAddress=${LTC_ADDRESS}&refundAddress=${LTC_ADDRESS}`);
    expect(html).toMatch(/check--bad" id="toAddress-check"[^>]*>Not a valid ETH address/);
    expect(html).toMatch(/check--ok" id="refundAddress-check"[^>]*>Valid address\./);
    expect(swapPage.checkAddress('ETH', ETH_ADDRESS)).toEqual({ valid: true, reason: null });
    expect(() => swapPage.checkAddress('DOGE', 'x')).toThrow(/DOGE/);
  });

  it("keeps the status page's discipline; the form may post to itself and on to the status pages only", () => {
    const csp = swapPage.headers['Content-Security-Policy'];
    expect(csp).toBe(
      STATUS_PAGE_CSP.replace("form-action 'none'", "form-action 'self' https://swap.example"),
    );
    expect(csp).not.toMatch(/unsafe|\*/);
    expect(swapPage.headers).toMatchObject({
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    });
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves its own stylesheet and script by their hashed names; the script is valid JavaScript', () => {
    const script = swapPage.asset(NEW_SWAP_ASSETS.script.name);
    expect(script?.contentType).toBe('text/javascript; charset=utf-8');
    expect(() => new Function(script?.body ?? 'syntax error')).not.toThrow();
    expect(swapPage.asset(NEW_SWAP_ASSETS.stylesheet.name)?.body).toContain('.quote');
    expect(swapPage.asset('new-swap.000000000000.js')).toBeUndefined();
  });
});
