import { getAddress, parseEther, parseUnits, zeroPadValue, type Wallet } from 'ethers';
import type { ChainTransfer } from '../chain-reader';
import { encodeTransfer } from './erc20';
import { evmReader } from './index';
import { startEvmTestNet, type EvmTestNet } from '../../test/evm-test-net';

let net: EvmTestNet;

beforeAll(async () => {
  net = await startEvmTestNet('ETH');
});
afterAll(() => net?.stop());

const usdt = (text: string) => parseUnits(text, 6);
const deposit = (index: number) => net.signer(index).address;
const ofTx = (txid: string) => (transfers: ChainTransfer[]) => transfers.filter((t) => t.txid === txid);

async function confirmations(txid: string): Promise<number | null> {
  const status = await net.reader.transaction(txid);
  return status.state === 'confirmed' ? status.confirmations : null;
}

describe('ETH deposits on anvil', () => {
  it('sees a native and a token deposit at 0 confirmations, then in their block, confirmations growing', async () => {
    const [alice, bob] = await Promise.all([net.customer(), net.customer()]);
    await net.usdt!.mint(bob.address, usdt('100'));
    const ethBefore = await net.reader.balance(deposit(1), 'ETH');
    const native = (await alice.sendTransaction({ to: deposit(1), value: parseEther('1.5') })).hash;
    const token = await net.sendUsdt(bob, deposit(2), usdt('25.5'));

    const expected: ChainTransfer[] = [
      {
        txid: native,
        index: 0,
        currency: 'ETH',
        to: deposit(1),
        amount: parseEther('1.5'),
        from: [alice.address],
      },
      {
        txid: token,
        index: 0,
        currency: 'USDTERC',
        to: deposit(2),
        amount: usdt('25.5'),
        from: [bob.address],
      },
    ];
    const waiting = await net.reader.mempool();
    expect([...ofTx(native)(waiting), ...ofTx(token)(waiting)]).toEqual(expected);
    expect(await net.reader.transaction(native)).toEqual({ state: 'mempool' });

    await net.anvil.mine();
    const tip = await net.reader.tip();
    const block = await net.reader.blockAt(tip.height);
    expect(block).toMatchObject({ height: tip.height, hash: tip.hash });
    expect(block!.parentHash).toBe((await net.reader.blockAt(tip.height - 1))!.hash);
    expect(block!.time).toBe((await net.anvil.provider.getBlock(tip.height))!.timestamp);
    expect(block!.transfers).toEqual(expect.arrayContaining(expected));
    expect(ofTx(native)(await net.reader.mempool())).toEqual([]);

    expect(await confirmations(native)).toBe(1);
    await net.anvil.mine(2);
    expect(await confirmations(native)).toBe(3);
    expect(await confirmations(token)).toBe(3);
    expect(await net.reader.balance(deposit(1), 'ETH')).toBe(ethBefore + parseEther('1.5'));
    expect(await net.reader.balance(deposit(2), 'USDTERC')).toBe(usdt('25.5'));
  });

  it('keeps a token transfer (txid, index) from the mempool to a block where it is not the first log', async () => {
    const [alice, bob] = await Promise.all([net.customer(), net.customer()]);
    await net.usdt!.mint(alice.address, usdt('10'));
    await net.usdt!.mint(bob.address, usdt('10'));
    const first = await net.sendUsdt(alice, deposit(3), usdt('1'));
    const second = await net.sendUsdt(bob, deposit(3), usdt('2'));
    const seen = ofTx(second)(await net.reader.mempool());
    await net.anvil.mine();

    const logs = await net.anvil.provider.getLogs({
      address: net.usdt!.address,
      fromBlock: 'latest',
      toBlock: 'latest',
    });
    expect(logs.find((log) => log.transactionHash === second)?.index).toBe(1);
    const { transfers } = (await net.reader.blockAt((await net.reader.tip()).height))!;
    expect(ofTx(second)(transfers)).toEqual(seen);
    expect(seen).toMatchObject([{ index: 0, amount: usdt('2') }]);
    expect(ofTx(first)(transfers)).toMatchObject([{ index: 0, amount: usdt('1') }]);
  });

  it('loses a deposit to a reorg: in no block, and its height holds another block', async () => {
    const alice = await net.customer();
    const before = await net.anvil.snapshot();
    const txid = (await alice.sendTransaction({ to: deposit(4), value: parseEther('2') })).hash;
    await net.anvil.mine();
    const { height, hash } = await net.reader.tip();
    expect(ofTx(txid)((await net.reader.blockAt(height))!.transfers)).toHaveLength(1);

    await net.anvil.revert(before);
    await net.anvil.mine(3);
    const tip = await net.reader.tip();
    expect(tip.height).toBe(height + 2);
    const replaced = (await net.reader.blockAt(height))!;
    expect(replaced.hash).not.toBe(hash);
    for (let h = height - 1; h <= tip.height; h++)
      expect(ofTx(txid)((await net.reader.blockAt(h))!.transfers)).toEqual([]);
    expect(ofTx(txid)(await net.reader.mempool())).toEqual([]);
    expect(await net.reader.transaction(txid)).toEqual({ state: 'unknown' });
  });

  it('reports a mined token transfer that reverted as failed, and no deposit', async () => {
    const alice = await net.customer();
    const token = net.usdt!.address;
    const data = encodeTransfer(deposit(5), usdt('1'));
    // alice holds no USDT: the call reverts, but is mined (with a gas limit given, nothing is simulated).
    const txid = (await alice.sendTransaction({ to: token, data, gasLimit: 100_000 })).hash;
    expect(ofTx(txid)(await net.reader.mempool())).toHaveLength(1);
    await net.anvil.mine();
    const { height, hash } = await net.reader.tip();
    expect(await net.reader.transaction(txid)).toMatchObject({
      state: 'failed',
      reason: 'reverted',
      height,
      blockHash: hash,
      confirmations: 1,
    });
    expect(ofTx(txid)((await net.reader.blockAt(height))!.transfers)).toEqual([]);
  });

  /**
   * A contract that forwards what it is sent to the address in its calldata, as a smart-contract
   * wallet does: CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0), reverting if that fails.
   */
  async function deployForwarder(owner: Wallet): Promise<string> {
    const runtime = '6000600060006000346000355af16016576000' + '6000fd5b00';
    const init = `0x6018600c60003960186000f3${runtime}`;
    const txid = (await owner.sendTransaction({ data: init })).hash;
    await net.anvil.mine();
    const receipt = await net.anvil.provider.getTransactionReceipt(txid);
    if (!receipt?.contractAddress) throw new Error('the forwarder was not deployed');
    return getAddress(receipt.contractAddress);
  }

  it('sees value a contract forwards to a deposit address from call traces, and only with them', async () => {
    const alice = await net.customer();
    const forwarder = await deployForwarder(alice);
    const to = deposit(6);
    const before = await net.reader.balance(to, 'ETH');
    const forwarded = await alice.sendTransaction({
      to: forwarder,
      data: zeroPadValue(to, 32),
      value: parseEther('0.7'),
      gasLimit: 100_000,
    });
    const plain = await alice.sendTransaction({ to: deposit(7), value: parseEther('0.2') });
    await net.anvil.mine();
    const { height } = await net.reader.tip();
    expect((await net.reader.balance(to, 'ETH')) - before).toBe(parseEther('0.7'));

    const traced = evmReader('ETH', { ...net.config, traceInternal: true });
    const transfers = (await traced.blockAt(height))!.transfers;
    expect(ofTx(forwarded.hash)(transfers)).toEqual([
      {
        txid: forwarded.hash,
        index: 0,
        currency: 'ETH',
        to: forwarder,
        amount: parseEther('0.7'),
        from: [alice.address],
      },
      { txid: forwarded.hash, index: 1, currency: 'ETH', to, amount: parseEther('0.7'), from: [forwarder] },
    ]);
    // A plain transfer keeps the id it had from the transaction's value (and in the mempool).
    expect(ofTx(plain.hash)(transfers)).toEqual(
      ofTx(plain.hash)((await net.reader.blockAt(height))!.transfers),
    );
    // Without traces only the transaction's own value shows: to the forwarder, not the deposit address.
    const untraced = ofTx(forwarded.hash)((await net.reader.blockAt(height))!.transfers);
    expect(untraced.map((t) => t.to)).toEqual([forwarder]);
  });

  it('answers null above the tip and unknown for a hash it never saw', async () => {
    const { height } = await net.reader.tip();
    expect(await net.reader.blockAt(height + 1)).toBeNull();
    expect(await net.reader.transaction(`0x${'ab'.repeat(32)}`)).toEqual({ state: 'unknown' });
  });
});
