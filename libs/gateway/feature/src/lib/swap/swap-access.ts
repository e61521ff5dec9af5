import type { ApiKeyInfo, SwapSnapshot } from '@swap/contracts';
import { constantTimeEqual, isSwapId, SwapErrors } from '@swap/domain';
import { SwapViews } from '@swap/gateway-data';
import { SwapLookup } from './swap-request.parser';

/**
 * Dual-mode authorization (section 4): the swap belongs to the calling key, or the request carries
 * the swap's token. Anything else is indistinguishable from an unknown id.
 */
export async function findVisibleSwap(
  views: SwapViews,
  lookup: SwapLookup,
  key: ApiKeyInfo,
): Promise<SwapSnapshot> {
  const swap = await views.find(lookup.id);
  if (!swap) throw SwapErrors.swapNotFound();
  const owner = swap.apiKey === key.key;
  const tokenOk = lookup.token !== undefined && constantTimeEqual(lookup.token, swap.token);
  if (!owner && !tokenOk) throw SwapErrors.swapNotFound();
  return swap;
}

/** D1's public page: the token in the link is the only credential; anything else is not found. */
export async function findSwapByToken(
  views: SwapViews,
  id: string,
  token: string | undefined,
): Promise<SwapSnapshot> {
  if (!isSwapId(id) || typeof token !== 'string') throw SwapErrors.swapNotFound();
  const swap = await views.find(id);
  if (!swap || swap.dryrun || !constantTimeEqual(token, swap.token)) throw SwapErrors.swapNotFound();
  return swap;
}
