import { fromSnapshot } from '@swap/contracts';
import { renderSwapOrder } from '@swap/domain';
import { swapSnapshotFixture } from '@swap/testing';
import { renderStatusNotFound, renderStatusPage } from './status-page';

const order = (overrides: Parameters<typeof swapSnapshotFixture>[0] = {}) =>
  renderSwapOrder(fromSnapshot(swapSnapshotFixture(overrides)), {
    now: 1735689700,
    publicUrl: 'https://swap.example',
  });

describe('the public status page (D1)', () => {
  it('shows what to send and where while NEW, and refreshes itself', () => {
    const page = renderStatusPage(order({ status: 'NEW' }));
    expect(page).toContain('<h1>Swap AbCdEfGhIj</h1>');
    expect(page).toContain('Send the amount below to the deposit address.');
    expect(page).toContain('<tr><th>You send</th><td>1.50000000 LTC</td></tr>');
    expect(page).toContain('<tr><th>Deposit address</th><td>ltc1qdeposit</td></tr>');
    expect(page).toContain('<tr><th>Time left</th><td>28 min</td></tr>');
    expect(page).toContain('http-equiv="refresh"');
    expect(page).not.toContain('tOkEn0123456789abcdefg'); // the page never repeats the token
  });

  it('stops refreshing and hides the deposit address once the swap is over', () => {
    const page = renderStatusPage(order({ status: 'DONE' }));
    expect(page).toContain('Done: the coins were sent.');
    expect(page).not.toContain('Deposit address');
    expect(page).not.toContain('http-equiv="refresh"');
  });

  it('escapes everything it shows', () => {
    const page = renderStatusPage(order({ toAddress: '<script>alert("x")</script>' }));
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
  });

  it('has one not-found page for unknown swaps and wrong tokens alike', () => {
    expect(renderStatusNotFound()).toContain('<h1>Swap not found</h1>');
  });
});
