import {
  assertDryRunAllowed,
  isValidAddress,
  parseAmount,
  rateTerms,
  SwapErrors,
  type AddressChains,
  type KeyRights,
} from '@swap/domain';
import {
  createSwapBody,
  quoteBody,
  resolveBody,
  swapLookupBody,
  type ApiKeyInfo,
  type EngineCreateSwapRequest,
  type QuoteBody,
  type ResolveBody,
  type SwapLookupBody,
} from '@swap/contracts';
import type { PriceSwapRequest } from '@swap/market';
import { parseRequest } from './parse-request';
import type { Body } from './request-body';

/*
 * The bodies' fields, types and defaults are declared in @swap/contracts (swap-api.requests.ts);
 * here are the rules that need more than the body: the key's settings, the currencies' precision
 * and the addresses' chains.
 */

/** Section 4.4: the body of /swap/price, checked against the key's settings. */
export function parseQuoteRequest(body: Body, key: KeyRights): PriceSwapRequest {
  return quoteTerms(parseRequest(quoteBody, body), key);
}

function quoteTerms(request: QuoteBody, key: KeyRights): PriceSwapRequest {
  const { from, to, direction } = request;
  if (from === to) throw SwapErrors.sameCurrency(from);
  const { type, partnerPercent } = rateTerms(request, key);
  const amount = parseAmount(request.amount, direction === 'from' ? from : to);
  return { from, to, type, direction, amount, partnerPercent };
}

/** The engine's create request, but for who asks (the use case adds the request id, the key and any code). */
export type CreateRequest = Omit<EngineCreateSwapRequest, 'requestId' | 'key' | 'ref'>;

/** Section 4.1: the body of /swap/create. */
export function parseCreateRequest(body: Body, key: ApiKeyInfo, chains: AddressChains = {}): CreateRequest {
  const request = parseRequest(createSwapBody, body);
  assertDryRunAllowed(request, key);
  const { type, amount } = quoteTerms(request, key);
  if (!isValidAddress(request.to, request.toAddress, chains)) throw SwapErrors.invalidToAddress(request.to);
  const refundAddress = request.refundAddress ?? null;
  if (refundAddress !== null && !isValidAddress(request.from, refundAddress, chains)) {
    throw SwapErrors.invalidRefundAddress(request.from);
  }
  return { ...request, type, amount: amount.toString(), refundAddress };
}

export type SwapLookup = SwapLookupBody;

/**
 * Sections 4.5 and 4.7: { id, token? }. An id of no swap's shape names no swap: 404 Swap not found
 * (§4.5, §7), as an unknown one does; only a missing id is a 400.
 */
export function parseSwapLookup(body: Body): SwapLookup {
  return parseRequest(swapLookupBody, body);
}

export type ResolveRequest = ResolveBody;

/** Section 4.6: { id, choice, address?, token? }. The address is checked against the swap's chain later. */
export function parseResolveRequest(body: Body): ResolveRequest {
  return parseRequest(resolveBody, body);
}
