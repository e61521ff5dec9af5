import {
  CurrencyCode,
  Direction,
  isAnySwapId,
  isCurrencyCode,
  isValidAddress,
  parseAmount,
  RateType,
  SwapErrors,
  type AddressChains,
} from '@swap/domain';
import type { ApiKeyInfo } from '@swap/contracts';
import type { PriceSwapRequest } from '@swap/market';
import { Body, optionalBoolean, optionalString, requiredString, requireFields } from './request-body';

function currencyField(body: Body, field: string): CurrencyCode {
  const value = requiredString(body, field);
  if (!isCurrencyCode(value)) throw SwapErrors.unknownCurrency(value);
  return value;
}

function rateType(body: Body): RateType {
  const value = body.type ?? 'float';
  if (value !== 'float' && value !== 'fixed') throw SwapErrors.invalidRateType(value);
  return value;
}

function direction(body: Body): Direction {
  const value = body.direction ?? 'from';
  if (value !== 'from' && value !== 'to') throw SwapErrors.invalidDirection(value);
  return value;
}

/** Section 4.4: the body of /swap/price, checked against the key's settings. */
export function parseQuoteRequest(body: Body, key: ApiKeyInfo): PriceSwapRequest {
  requireFields(body, ['from', 'to', 'amount']);
  const from = currencyField(body, 'from');
  const to = currencyField(body, 'to');
  if (from === to) throw SwapErrors.sameCurrency(from);
  const dir = direction(body);
  // A `to` order is always fixed-rate (section 4.1).
  const type = dir === 'to' ? 'fixed' : rateType(body);
  if (dir === 'to') rateType(body);
  if (type === 'fixed' && !key.fixedRateEnabled) throw SwapErrors.fixedRateNotEnabled();
  const amount = parseAmount(body.amount, dir === 'from' ? from : to);
  return { from, to, type, direction: dir, amount, partnerPercent: key.partnerPercent };
}

export interface CreateRequest extends PriceSwapRequest {
  toAddress: string;
  refundAddress: string | null;
  dryrun: boolean;
}

/** Section 4.1: the body of /swap/create. */
export function parseCreateRequest(body: Body, key: ApiKeyInfo, chains: AddressChains = {}): CreateRequest {
  requireFields(body, ['from', 'to', 'amount', 'toAddress']);
  const dryrun = optionalBoolean(body, 'dryrun');
  if (dryrun && !key.dryrunEnabled) throw SwapErrors.dryRunNotEnabled();
  const quote = parseQuoteRequest(body, key);
  const toAddress = requiredString(body, 'toAddress').trim();
  if (!isValidAddress(quote.to, toAddress, chains)) throw SwapErrors.invalidToAddress(quote.to);
  const refundAddress = optionalString(body, 'refundAddress')?.trim() ?? null;
  if (refundAddress !== null && !isValidAddress(quote.from, refundAddress, chains)) {
    throw SwapErrors.invalidRefundAddress(quote.from);
  }
  return { ...quote, toAddress, refundAddress, dryrun };
}

export interface SwapLookup {
  id: string;
  token: string | null;
}

/**
 * Sections 4.5 and 4.7: { id, token? }. An id of no swap's shape names no swap: 404 Swap not found
 * (§4.5, §7), as an unknown one does; only a missing id is a 400.
 */
export function parseSwapLookup(body: Body): SwapLookup {
  const id = requiredString(body, 'id');
  if (!isAnySwapId(id)) throw SwapErrors.swapNotFound();
  return { id, token: optionalString(body, 'token') };
}

export interface ResolveRequest extends SwapLookup {
  choice: 'EXCHANGE' | 'REFUND';
  address: string | null;
}

/** Section 4.6: { id, choice, address?, token? }. The address is checked against the swap's chain later. */
export function parseResolveRequest(body: Body): ResolveRequest {
  requireFields(body, ['id', 'choice']);
  const lookup = parseSwapLookup(body);
  const choice = requiredString(body, 'choice');
  if (choice !== 'EXCHANGE' && choice !== 'REFUND') throw SwapErrors.invalidChoice(choice);
  return { ...lookup, choice, address: optionalString(body, 'address')?.trim() ?? null };
}
