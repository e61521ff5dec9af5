import { DevnetReader } from '@swap/chain';
import { accountPublicKeys, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import type { Bus } from '@swap/bus';
import { devnetDeposit, devnetMine, engineInbox, engineInputId, type DepositObserved } from '@swap/contracts';
import {
  CURRENCIES,
  CURRENCY_CODES,
  fromUnits,
  NETWORKS,
  toUnits,
  type CurrencyCode,
  type Network,
} from '@swap/domain';
import type { PairInfo, SwapClient } from '@swap/sdk';
import type { Stack } from '@swap/stack';
import { forEachLimited } from './limited';

/** Where the customers are paid: addresses of another BIP39 test vector phrase, valid on every chain. */
const CUSTOMER_KEYS = accountPublicKeys(
  mnemonicToSeed('legal winner thank year wave sausage worth useful legal winner thank yellow'),
);

/** A swap with its deposit mined on the devnet, and the report its network's watcher would send. */
export interface FleetSwap {
  id: string;
  from: CurrencyCode;
  to: CurrencyCode;
  input: DepositObserved;
}

/** Pairs in rounds, one per source currency, rotated so the payout currencies spread as well. */
function spreadPairs(pairs: PairInfo[]): PairInfo[] {
  const lists = CURRENCY_CODES.map((code) => pairs.filter((p) => p.available && p.from === code));
  const spread: PairInfo[] = [];
  for (let round = 0; round < Math.max(...lists.map((l) => l.length)); round++)
    lists.forEach((list, i) => {
      if (round < list.length) spread.push(list[(round + i) % list.length]);
    });
  return spread;
}

/** Twice the pair's minimum, in the source currency's precision. */
function amountFor(pair: PairInfo): string {
  const { chainDecimals, precision } = CURRENCIES[pair.from];
  return fromUnits(toUnits(pair.min.toFixed(precision), chainDecimals) * 2n, chainDecimals, precision);
}

/**
 * Opens `count` float swaps through the signed API, spread over the 72 pairs, pays each deposit on
 * the devnet and mines every network up to its deepest requirement. Returns, per swap, the
 * deposit-confirmed report a watcher would publish (from the transaction's block on the devnet).
 */
export async function openFleet(
  stack: Stack,
  client: SwapClient,
  count: number,
  concurrency: number,
): Promise<FleetSwap[]> {
  const pairs = spreadPairs(await client.pairs());
  const orders = new Array<{
    id: string;
    from: CurrencyCode;
    to: CurrencyCode;
    address: string;
    amount: string;
    txid: string;
  }>(count);
  await forEachLimited(pairs.length ? [...Array(count).keys()] : [], concurrency, async (i) => {
    const pair = pairs[i % pairs.length];
    const to = CURRENCIES[pair.to].network;
    const order = await client.create({
      from: pair.from,
      to: pair.to,
      amount: amountFor(pair),
      toAddress: depositAddress(to, CUSTOMER_KEYS[to], i + 1),
    });
    const { txid } = await rpc(
      stack.bus.request(
        devnetDeposit,
        { currency: pair.from, address: order.from.address, amount: order.from.amount },
        { timeoutMs: 10_000 },
      ),
    );
    orders[i] = {
      id: order.id,
      from: pair.from,
      to: pair.to,
      address: order.from.address,
      amount: order.from.amount,
      txid,
    };
  });
  await mineDeep(stack);
  const readers = new Map<Network, DevnetReader>(NETWORKS.map((n) => [n, new DevnetReader(stack.bus, n)]));
  const fleet = new Array<FleetSwap>(count);
  await forEachLimited(orders, concurrency, async (order, i) => {
    const { network, chainDecimals, reqConfirmations } = CURRENCIES[order.from];
    const status = await readers.get(network)!.transaction(order.txid);
    if (status.state !== 'confirmed')
      throw new Error(`deposit ${order.txid} of swap ${order.id} is ${status.state}`);
    fleet[i] = {
      id: order.id,
      from: order.from,
      to: order.to,
      input: {
        kind: 'deposit',
        swapId: order.id,
        network,
        currency: order.from,
        address: order.address,
        depositId: `${network}:${order.txid}:0`,
        txid: order.txid,
        index: 0,
        amount: toUnits(order.amount, chainDecimals).toString(),
        confirmations: Math.min(status.confirmations, reqConfirmations),
        blockHeight: status.height,
        blockHash: status.blockHash,
        reverted: false,
        observedAt: Date.now(),
      },
    };
  });
  return fleet;
}

/**
 * What the deposit's watcher reported before the confirming report: the mempool sighting and,
 * where the currency asks more than one confirmation, the count one short of it. Published ahead
 * of the measured phases, so each swap is PENDING or CONFIRMING when its deposit confirms, as in
 * service, and a phase measures the deposit-confirmed report to the payout's broadcast.
 */
export function earlierReports(swap: FleetSwap): DepositObserved[] {
  const { input } = swap;
  const mempool = { ...input, confirmations: 0, blockHeight: null, blockHash: null };
  const required = CURRENCIES[swap.from].reqConfirmations;
  return required > 1 ? [mempool, { ...input, confirmations: required - 1 }] : [mempool];
}

/** Publishes each swap's earlier reports in their order, different swaps at once. */
export async function reportEarlier(
  bus: Bus,
  fleet: readonly FleetSwap[],
  concurrency: number,
): Promise<void> {
  await forEachLimited(fleet, concurrency, async (swap) => {
    for (const report of earlierReports(swap))
      await bus.publish(engineInbox, [swap.id], report, { msgId: engineInputId(report) });
  });
}

/** Mines every network as deep as its most demanding currency asks: everything pending is confirmed. */
export async function mineDeep(stack: Stack): Promise<void> {
  for (const network of NETWORKS) {
    const depths = CURRENCY_CODES.filter((c) => CURRENCIES[c].network === network).map(
      (c) => CURRENCIES[c].reqConfirmations,
    );
    await rpc(stack.bus.request(devnetMine, { network, blocks: Math.max(...depths) }, { timeoutMs: 10_000 }));
  }
}

async function rpc<T>(
  reply: Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>,
): Promise<T> {
  const result = await reply;
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}
