import { toBeHex, zeroPadValue } from 'ethers';
import { encodeTransfer, TRANSFER_TOPIC } from './erc20';
import type { RpcCallFrame, RpcLog, RpcTransaction } from './evm-json';
import { nativeTransfer, tokenCallTransfer, tokenLogTransfers, tracedTransfers } from './evm-transfers';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const ALICE = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const BOB = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
const hash = (n: number) => toBeHex(n, 32);

const tx = (fields: Partial<RpcTransaction>): RpcTransaction => ({
  hash: hash(1),
  from: ALICE.toLowerCase(),
  to: BOB.toLowerCase(),
  value: 0n,
  input: '0x',
  nonce: 0,
  ...fields,
});

const transferLog = (
  txid: number,
  logIndex: number,
  amount: bigint,
  extra: Partial<RpcLog> = {},
): RpcLog => ({
  address: USDT.toLowerCase(),
  topics: [TRANSFER_TOPIC, zeroPadValue(ALICE, 32), zeroPadValue(BOB, 32)],
  data: toBeHex(amount, 32),
  transactionHash: hash(txid),
  logIndex,
  ...extra,
});

describe('nativeTransfer', () => {
  it('reads value sent to an address, with EIP-55 addresses', () => {
    expect(nativeTransfer(tx({ value: 5n }), 'AVAX')).toEqual({
      txid: hash(1),
      index: 0,
      currency: 'AVAX',
      to: BOB,
      amount: 5n,
      from: [ALICE],
    });
  });

  it('skips contract creations and calls without value', () => {
    expect(nativeTransfer(tx({ to: null, value: 5n }), 'ETH')).toBeNull();
    expect(nativeTransfer(tx({ value: 0n }), 'ETH')).toBeNull();
  });
});

describe('tokenCallTransfer', () => {
  it('decodes transfer(to, amount) sent to the token contract', () => {
    const call = tx({ to: USDT.toLowerCase(), input: encodeTransfer(BOB, 25_000_000n) });
    expect(tokenCallTransfer(call, USDT)).toEqual({
      txid: hash(1),
      index: 0,
      currency: 'USDTERC',
      to: BOB,
      amount: 25_000_000n,
      from: [ALICE],
    });
  });

  it('ignores other contracts, other functions and cut calldata', () => {
    const input = encodeTransfer(BOB, 1n);
    expect(tokenCallTransfer(tx({ to: BOB, input }), USDT)).toBeNull();
    expect(tokenCallTransfer(tx({ to: USDT, input: `0x095ea7b3${input.slice(10)}` }), USDT)).toBeNull();
    expect(tokenCallTransfer(tx({ to: USDT, input: input.slice(0, 70) }), USDT)).toBeNull();
  });
});

describe('tokenLogTransfers', () => {
  it('numbers the Transfer events within their own transaction, whatever their place in the block', () => {
    const logs = [
      transferLog(7, 41, 3n),
      transferLog(9, 12, 1n),
      transferLog(7, 40, 0n), // spam: dropped, but still the first Transfer of tx 7
      transferLog(7, 44, 2n),
    ];
    expect(tokenLogTransfers(logs, USDT).map((t) => [t.txid, t.index, t.amount])).toEqual([
      [hash(9), 0, 1n],
      [hash(7), 1, 3n],
      [hash(7), 2, 2n],
    ]);
  });

  it('reads sender and recipient from the topics', () => {
    expect(tokenLogTransfers([transferLog(1, 0, 9n)], USDT)).toEqual([
      { txid: hash(1), index: 0, currency: 'USDTERC', to: BOB, amount: 9n, from: [ALICE] },
    ]);
  });

  it('ignores removed logs, other contracts and other event shapes', () => {
    const nft = transferLog(1, 2, 9n, { topics: [TRANSFER_TOPIC, hash(1), hash(2), hash(3)], data: '0x' });
    const logs = [transferLog(1, 0, 9n, { removed: true }), transferLog(1, 1, 9n, { address: BOB }), nft];
    expect(tokenLogTransfers(logs, USDT)).toEqual([]);
  });
});

describe('tracedTransfers', () => {
  const WALLET = '0x1111111111111111111111111111111111111111';
  const OTHER = '0x2222222222222222222222222222222222222222';
  const frame = (fields: Partial<RpcCallFrame>): RpcCallFrame => ({
    type: 'CALL',
    from: ALICE.toLowerCase(),
    to: WALLET,
    value: 0n,
    ...fields,
  });

  it('numbers every frame depth first and keeps the calls that moved value', () => {
    const result = frame({
      value: 5n,
      calls: [
        frame({ from: WALLET, to: BOB.toLowerCase(), value: 3n }), // 1: forwarded to BOB
        frame({ type: 'STATICCALL', from: WALLET, to: OTHER, value: undefined }), // 2
        frame({
          type: 'DELEGATECALL', // 3: runs in the wallet's context, moves nothing itself
          from: WALLET,
          to: OTHER,
          value: 9n,
          calls: [frame({ from: WALLET, to: OTHER, value: 0n })], // 4
        }),
        frame({ type: 'SELFDESTRUCT', from: OTHER, to: BOB.toLowerCase(), value: 2n }), // 5
      ],
    });

    expect(tracedTransfers({ txHash: hash(7), result }, 'ETH')).toEqual([
      { txid: hash(7), index: 0, currency: 'ETH', to: WALLET, amount: 5n, from: [ALICE] },
      { txid: hash(7), index: 1, currency: 'ETH', to: BOB, amount: 3n, from: [WALLET] },
      { txid: hash(7), index: 5, currency: 'ETH', to: BOB, amount: 2n, from: [OTHER] },
    ]);
  });

  it('drops what a failed call, or any call under it, would have moved', () => {
    const result = frame({
      value: 5n,
      calls: [
        frame({
          from: WALLET,
          to: OTHER,
          value: 4n,
          error: 'execution reverted',
          calls: [frame({ from: OTHER, to: BOB.toLowerCase(), value: 1n })],
        }),
        frame({ from: WALLET, to: BOB.toLowerCase(), value: 2n }),
      ],
    });
    expect(tracedTransfers({ txHash: hash(8), result }, 'AVAX').map((t) => [t.index, t.amount])).toEqual([
      [0, 5n],
      [3, 2n],
    ]);
    const reverted = frame({ value: 5n, error: 'execution reverted', calls: [frame({ value: 1n })] });
    expect(tracedTransfers({ txHash: hash(9), result: reverted }, 'ETH')).toEqual([]);
  });
});
