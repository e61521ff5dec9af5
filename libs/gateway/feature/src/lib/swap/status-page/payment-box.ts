import { CURRENCIES, type SwapOrderView, trimZeros } from '@swap/domain';
import { copyButton } from './details';
import { type Html, markup } from './html';
import { paymentUri, type PaymentChains } from './payment-uri';
import { qrCodeSvg } from './qr-code';

/** 3725 → "1:02:05", 65 → "01:05". */
export function formatCountdown(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const rest = `${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

export const utc = (unix: number) =>
  `${new Date(unix * 1000).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/**
 * What a NEW swap asks of the user: the amount and the deposit address, each with its copy
 * button, the QR code of the payment URI, and the time left (the script ticks it each second).
 */
export function paymentBox(order: SwapOrderView, chains: PaymentChains): Html {
  const { from } = order;
  const value = trimZeros(from.amount);
  const qr = qrCodeSvg(
    paymentUri(from.code, from.address, from.amount, chains),
    `QR code: pay ${value} ${from.code} to ${from.address}`,
  );
  const left = order.time.left;
  const expiration = new Date(order.time.expiration * 1000).toISOString();
  const countdown =
    left !== null &&
    markup`<div class="field countdown">
        <span class="label">Time left</span>
        <span class="value big"><time data-countdown data-left="${left}" datetime="${expiration}">${formatCountdown(left)}</time></span>
        <span class="muted">until ${utc(order.time.expiration)}</span>
      </div>`;
  return markup`<section class="card pay">
    <figure class="qr-box">${qr}<figcaption>Scan with your ${from.name} wallet</figcaption></figure>
    <div class="fields">
      <div class="field">
        <span class="label">Amount</span>
        <span class="value big"><code class="mono">${value}</code> ${from.code} ${copyButton(value, 'amount')}</span>
      </div>
      <div class="field">
        <span class="label">Deposit address · ${CURRENCIES[from.code].name}</span>
        <span class="value"><code class="mono address">${from.address}</code> ${copyButton(from.address, 'deposit address')}</span>
      </div>
      ${countdown}
    </div>
  </section>`;
}
