import type { Bus, ServeHandle } from '@swap/bus';
import { rpcFail, rpcOk } from '@swap/bus';
import type { ChainBlock, ChainTransfer } from '@swap/chain';
import {
  devnetAccount,
  devnetBalance,
  devnetBlockAt,
  devnetDeposit,
  devnetExpectAddresses,
  devnetFailPayouts,
  devnetFee,
  devnetMempool,
  devnetMine,
  devnetReorg,
  devnetSubmit,
  devnetSubmitBatch,
  devnetTip,
  devnetTransaction,
} from '@swap/contracts';
import type { Devnet } from './devnet';
import { DevnetError } from './devnet-error';

const transferJson = (t: ChainTransfer) => ({ ...t, amount: t.amount.toString() });
const blockJson = (b: ChainBlock) => ({ ...b, transfers: b.transfers.map(transferJson) });

/** A result, or the rpc error of a DevnetError; anything else is the bus's internal error. */
async function answer<T>(work: () => T | Promise<T>) {
  try {
    return rpcOk(await work());
  } catch (err) {
    if (err instanceof DevnetError) return rpcFail(err.payload);
    throw err;
  }
}

/** Serves every devnet RPC (devnet.rpc.* for the chain adapters, ops.devnet.* for swapctl and tests). */
export function serveDevnet(bus: Bus, devnet: Devnet, queue = 'devnet'): Promise<ServeHandle[]> {
  const options = { queue };
  return Promise.all([
    bus.serve(devnetTip, ({ network }) => answer(() => devnet.tip(network)), options),
    bus.serve(
      devnetBlockAt,
      ({ network, height }) =>
        answer(async () => {
          const block = await devnet.blockAt(network, height);
          return block && blockJson(block);
        }),
      options,
    ),
    bus.serve(
      devnetMempool,
      ({ network }) => answer(() => devnet.mempool(network).map(transferJson)),
      options,
    ),
    bus.serve(
      devnetTransaction,
      ({ network, txid }) => answer(() => devnet.transaction(network, txid)),
      options,
    ),
    bus.serve(
      devnetBalance,
      ({ network, address, currency }) =>
        answer(() => ({ balance: devnet.balance(network, address, currency).toString() })),
      options,
    ),
    bus.serve(
      devnetAccount,
      ({ network, address, currency }) =>
        answer(() => {
          const { nextNonce, feePerTransfer } = devnet.account(network, address, currency);
          return { nextNonce, feePerTransfer: feePerTransfer.toString() };
        }),
      options,
    ),
    bus.serve(
      devnetFee,
      ({ network, currency }) => answer(() => ({ fee: devnet.fee(network, currency).toString() })),
      options,
    ),
    bus.serve(
      devnetExpectAddresses,
      ({ network, index }) =>
        answer(async () => ({ addresses: await devnet.expectAddresses(network, index) })),
      options,
    ),
    bus.serve(devnetSubmit, ({ network, raw }) => answer(() => devnet.submit(network, raw)), options),
    bus.serve(
      devnetSubmitBatch,
      ({ network, raws }) => answer(() => devnet.submitBatch(network, raws)),
      options,
    ),
    bus.serve(
      devnetDeposit,
      ({ currency, address, amount }) =>
        answer(async () => ({ txid: await devnet.deposit(currency, address, amount) })),
      options,
    ),
    bus.serve(devnetMine, ({ network, blocks }) => answer(() => devnet.mine(network, blocks)), options),
    bus.serve(
      devnetFailPayouts,
      ({ currency, on }) =>
        answer(async () => {
          await devnet.setFailPayouts(currency, on);
          return { currency, on };
        }),
      options,
    ),
    bus.serve(
      devnetReorg,
      ({ network, depth, drop }) => answer(() => devnet.reorg(network, depth, drop)),
      options,
    ),
  ]);
}
