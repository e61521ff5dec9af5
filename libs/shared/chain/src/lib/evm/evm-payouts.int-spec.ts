import { parseEther, parseUnits, toQuantity, Transaction, Wallet } from 'ethers';
import type { CurrencyCode } from '@swap/domain';
import {
  SenderNotReady,
  type AddressSigner,
  type SignedTransaction,
  type TransferOrder,
} from '../chain-sender';
import type { EvmNetwork } from './evm-config';
import { startEvmTestNet, type EvmTestNet } from '../../test/evm-test-net';

const nets = {} as Record<EvmNetwork, EvmTestNet>;

beforeAll(async () => {
  [nets.ETH, nets.AVAX] = await Promise.all([startEvmTestNet('ETH'), startEvmTestNet('AVAX')]);
});
afterAll(() => Promise.all(Object.values(nets).map((net) => net.stop())));

const usdt = (text: string) => parseUnits(text, 6);
const stranger = () => Wallet.createRandom().address;

/** Signs, broadcasts and mines one transfer; resolves once it is confirmed, with what it cost. */
async function land(net: EvmTestNet, order: TransferOrder, signer: AddressSigner) {
  const sender = net.sender();
  const tx = await sender.sign(order, signer);
  expect(await sender.broadcast(tx)).toEqual({ accepted: true });
  await net.anvil.mine();
  const paid = await gasPaid(net, tx);
  // The reader tells what the chain charged (gas used × effective price), not the signed maximum.
  expect(await net.reader.transaction(tx.txid)).toMatchObject({
    state: 'confirmed',
    confirmations: 1,
    fee: paid,
  });
  return { tx, paid };
}

async function gasPaid(net: EvmTestNet, tx: SignedTransaction): Promise<bigint> {
  const receipt = (await net.anvil.provider.getTransactionReceipt(tx.txid))!;
  const paid = receipt.gasUsed * receipt.gasPrice;
  expect(paid).toBeLessThanOrEqual(tx.fee);
  return paid;
}

describe.each([
  ['ETH', 'ETH', parseEther('1.25')],
  ['AVAX', 'AVAX', parseEther('3')],
  ['ETH', 'USDTERC', usdt('75.5')],
] as const)('a payout on %s of %s', (network, currency: CurrencyCode, amount) => {
  it('lands with the right amount, the hot wallet paying it and the fee', async () => {
    const net = nets[network];
    const hot = net.signer(0);
    if (currency === 'USDTERC') await net.usdt!.mint(hot.address, usdt('1000'));
    const to = stranger();
    const nativeBefore = await net.reader.balance(hot.address, network);
    const tokensBefore = currency === network ? 0n : await net.reader.balance(hot.address, currency);

    const { tx, paid } = await land(net, { currency, to, amount }, hot);

    expect(tx).toMatchObject({ network, feeCurrency: network, txKey: null });
    expect(Transaction.from(tx.raw)).toMatchObject({
      type: 2,
      chainId: net.config.chainId,
      from: hot.address,
    });
    expect(await net.reader.balance(to, currency)).toBe(amount);
    const nativeSpent = currency === network ? amount + paid : paid;
    expect(await net.reader.balance(hot.address, network)).toBe(nativeBefore - nativeSpent);
    if (currency !== network)
      expect(await net.reader.balance(hot.address, currency)).toBe(tokensBefore - amount);
  });
});

describe.each(['ETH', 'AVAX'] as const)('%s: a deposit address', (network) => {
  it('is swept to the hot wallet as balance − estimateFee', async () => {
    const net = nets[network];
    const [hot, deposit] = [net.signer(0), net.signer(5)];
    await net.anvil.setBalance(deposit.address, parseEther('0.3'));
    const hotBefore = await net.reader.balance(hot.address, network);
    const amount = parseEther('0.3') - (await net.sender().estimateFee(network));

    const { paid } = await land(net, { currency: network, to: hot.address, amount }, deposit);

    expect(await net.reader.balance(hot.address, network)).toBe(hotBefore + amount);
    expect(await net.reader.balance(deposit.address, network)).toBe(parseEther('0.3') - amount - paid);
  });

  it('is swept with a lower maxFee when the base fee rose after the estimate, while it still covers it', async () => {
    const net = nets[network];
    const deposit = net.signer(6);
    const sweep = async (balance: bigint) => {
      await net.anvil.setBalance(deposit.address, balance);
      const estimate = await net.sender().estimateFee(network);
      return {
        estimate,
        order: { currency: network, to: net.signer(0).address, amount: balance - estimate },
      };
    };
    const { baseFeePerGas } = (await net.anvil.provider.getBlock('latest'))!;

    const risen = await sweep(parseEther('0.2'));
    await raiseBaseFee(net, (baseFeePerGas! * 3n) / 2n);
    expect(await net.sender().estimateFee(network)).toBeGreaterThan(risen.estimate);
    const { tx } = await land(net, risen.order, deposit);
    expect(Transaction.from(tx.raw).maxFeePerGas).toBe(risen.estimate / 21_000n);

    // 100 gwei, under the 500 gwei cap, but more than the sweep left for its fee.
    const tooHigh = await sweep(parseEther('0.002'));
    await raiseBaseFee(net, 100n * 10n ** 9n);
    await expect(net.sender().sign(tooHigh.order, deposit)).rejects.toThrow(SenderNotReady);
    await expect(net.sender().sign(tooHigh.order, deposit)).rejects.toThrow(
      /holds 2000000000000000 wei, short of/,
    );
    await raiseBaseFee(net, baseFeePerGas!);
  });
});

describe('an ETH deposit address holding USDT', () => {
  it('gets gas from the hot wallet first, then sweeps its tokens', async () => {
    const net = nets.ETH;
    const [hot, deposit] = [net.signer(0), net.signer(7)];
    await net.anvil.setBalance(deposit.address, 0n);
    const customer = await net.customer();
    await net.usdt!.mint(customer.address, usdt('40'));
    await net.sendUsdt(customer, deposit.address, usdt('40'));
    await net.anvil.mine();
    const hotTokens = await net.reader.balance(hot.address, 'USDTERC');

    const gas = await net.sender().estimateFee('USDTERC');
    await land(net, { currency: 'ETH', to: deposit.address, amount: gas }, hot);
    expect(await net.reader.balance(deposit.address, 'ETH')).toBe(gas);

    const { paid } = await land(net, { currency: 'USDTERC', to: hot.address, amount: usdt('40') }, deposit);
    expect(await net.reader.balance(deposit.address, 'USDTERC')).toBe(0n);
    expect(await net.reader.balance(hot.address, 'USDTERC')).toBe(hotTokens + usdt('40'));
    expect(await net.reader.balance(deposit.address, 'ETH')).toBe(gas - paid);
  });
});

/** The next block's base fee becomes `wei`, and an empty block makes it the latest. */
async function raiseBaseFee(net: EvmTestNet, wei: bigint): Promise<void> {
  await net.anvil.provider.send('anvil_setNextBlockBaseFeePerGas', [toQuantity(wei)]);
  await net.anvil.mine();
}
