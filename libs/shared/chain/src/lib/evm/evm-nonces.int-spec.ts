import { parseEther, Transaction, Wallet } from 'ethers';
import type { SignedTransaction } from '../chain-sender';
import { signEvmTransaction } from './evm-sign';
import { MemoryPending, startEvmTestNet, type EvmTestNet } from '../../test/evm-test-net';

let net: EvmTestNet;

beforeAll(async () => {
  net = await startEvmTestNet('ETH');
});
afterAll(() => net?.stop());

const nonceOf = (tx: SignedTransaction) => Transaction.from(tx.raw).nonce;
const nodeNonce = (address: string) => net.anvil.provider.getTransactionCount(address, 'pending');
const payout = (amount: string) => ({
  currency: 'ETH' as const,
  to: Wallet.createRandom().address,
  amount: parseEther(amount),
});

describe('ETH nonces on anvil', () => {
  it('counts a signed transaction the node never saw: after a crash, the next one follows it', async () => {
    const hot = net.signer(0);
    const pending = new MemoryPending();
    const [a, b] = [payout('0.1'), payout('0.2')];
    const txA = await net.sender(pending).sign(a, hot);
    pending.stored.push(txA); // persisted, then the process died before broadcasting

    const restarted = net.sender(pending);
    const txB = await restarted.sign(b, hot);
    expect(nonceOf(txA)).toBe(await nodeNonce(hot.address));
    expect(nonceOf(txB)).toBe(nonceOf(txA) + 1);
    // Without the store, the node alone would hand A's nonce out again.
    expect(nonceOf(await net.sender().sign(b, hot))).toBe(nonceOf(txA));

    expect(await restarted.broadcast(txA)).toEqual({ accepted: true });
    expect(await restarted.broadcast(txA)).toEqual({ accepted: true });
    expect(await restarted.broadcast(txB)).toEqual({ accepted: true });
    await net.anvil.mine();
    expect(await restarted.broadcast(txA)).toEqual({ accepted: true });

    expect(await net.reader.balance(a.to, 'ETH')).toBe(a.amount);
    expect(await net.reader.balance(b.to, 'ETH')).toBe(b.amount);
    expect(await nodeNonce(hot.address)).toBe(nonceOf(txB) + 1);
    const block = (await net.reader.blockAt((await net.reader.tip()).height))!;
    expect(block.transfers.map((t) => t.txid).sort()).toEqual([txA.txid, txB.txid].sort());
  });

  it('gives a batch of payouts consecutive nonces, and they land together in order', async () => {
    const hot = net.signer(0);
    const orders = [payout('0.01'), payout('0.02'), payout('0.03')];
    const sender = net.sender();
    const first = await nodeNonce(hot.address);
    const txs = await sender.signBatch(orders.map((order) => ({ order, signer: hot })));
    expect(txs.map(nonceOf)).toEqual([first, first + 1, first + 2]);

    expect(await sender.broadcastBatch(txs)).toEqual(txs.map(() => ({ accepted: true })));
    await net.anvil.mine();
    for (const [i, tx] of txs.entries()) {
      expect(await net.reader.transaction(tx.txid)).toMatchObject({ state: 'confirmed' });
      expect(await net.reader.balance(orders[i].to, 'ETH')).toBe(orders[i].amount);
    }
  });

  it('refuses for good another transaction on a used nonce, an overdraft and garbage', async () => {
    const hot = net.signer(0);
    const spent = await net.sender().sign(payout('0.01'), hot);
    await net.sender().broadcast(spent);
    await net.anvil.mine();
    const used = Transaction.from(spent.raw);
    const fields = {
      chainId: used.chainId,
      nonce: used.nonce,
      to: Wallet.createRandom().address,
      value: 1n,
      data: '0x',
      gasLimit: used.gasLimit,
      maxFeePerGas: used.maxFeePerGas!,
      maxPriorityFeePerGas: used.maxPriorityFeePerGas!,
    };
    const conflicting = signEvmTransaction('ETH', fields, hot);
    // Its nonce is taken: giving it up leaves no gap.
    expect(await net.sender().broadcast(conflicting)).toEqual({
      accepted: false,
      reason: expect.stringMatching(/nonce too low/),
      nonceTaken: true,
    });

    const deposit = net.signer(8);
    await net.anvil.setBalance(deposit.address, parseEther('0.01'));
    const overdraft = await net.sender().sign(payout('0.005'), deposit);
    await net.anvil.setBalance(deposit.address, 0n);
    expect(await net.sender().broadcast(overdraft)).toEqual({
      accepted: false,
      reason: expect.stringMatching(/insufficient funds/i),
    });

    const garbage = { ...spent, raw: '0x02abcd', txid: `0x${'00'.repeat(32)}` };
    expect(await net.sender().broadcast(garbage)).toMatchObject({ accepted: false });
  });
});
