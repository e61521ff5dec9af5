import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TronWeb } from 'tronweb';
import { parseJsonExact } from '@swap/domain';
import { MAINNET_USDT_TRC20 } from './tron-config';
import { callsContracts, tronChainBlock, tronPendingTransfers } from './tron-block';
import type { TronBlockJson, TronTransactionInfoJson } from './tron-json';
import { tronMessage } from './tron-json';

/**
 * A block and its transactions' infos shaped as mainnet's java-tron answers wallet/getblockbynum
 * and wallet/gettransactioninfobyblocknum (the documented JSON, visible false: hex 41… addresses,
 * logs' addresses without the 41): a TRX transfer, a USDT transfer() that succeeded and one that
 * reverted. Parsed as the adapter parses answers, numbers exact.
 */
const fixture = <T>(name: string) =>
  parseJsonExact(readFileSync(join(__dirname, 'fixtures', name), 'utf8')) as T;
const block = fixture<TronBlockJson>('get-block-by-num.json');
const infos = fixture<TronTransactionInfoJson[]>('get-transaction-info-by-block-num.json');
const USDT_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

describe('deposits in a Tron block', () => {
  const parsed = tronChainBlock(block, infos, USDT_HEX);

  it('names the block by its blockID and builds on its parent', () => {
    expect(parsed).toMatchObject({
      height: 63026345,
      hash: '0000000003c1b4a9c4f1f0c8a4f5e3cd0b6a0f7b4d53e2ab4a2e1c1a6a1f2c3d',
      parentHash: '0000000003c1b4a8f0a2d5a9c8c3b9e1d7f4a6b2c0e1d3f5a7b9c1e3f5a7b9c1',
      time: 1719470526,
    });
    expect(callsContracts(block)).toBe(true);
  });

  it('counts the TRX of a successful TransferContract (index 0) and the USDT of a SUCCESS receipt (log + 1)', () => {
    expect(parsed.transfers).toEqual([
      {
        txid: 'c6b1e2fd0b7ce3b43f1f2e0a4b7d2e8c5a9f0e1d2c3b4a5968778695a4b3c2d1',
        index: 0,
        currency: 'TRX',
        to: MAINNET_USDT_TRC20,
        amount: 150_000_000n,
        from: [TronWeb.address.fromHex('41ab7b3c5e0d1a4f35a2b7c89d8e3f1a6b4c2d0e19')],
      },
      {
        txid: '3f2e1d0c9b8a7968574635241302f1e0d9c8b7a6958473625140f3e2d1c0b9a8',
        index: 1,
        currency: 'USDTTRC',
        to: MAINNET_USDT_TRC20,
        amount: 1_000_000_000n,
        from: [TronWeb.address.fromHex('4168e6f2e0e9b4e2e4a2e6a1b1b2c3d4e5f6a7b8c9')],
      },
    ]);
  });

  it('counts nothing of a reverted call, and reads its hex message', () => {
    expect(parsed.transfers.map((t) => t.txid)).not.toContain(infos[2].id);
    expect(tronMessage(infos[2].resMessage)).toBe('REVERT\n');
  });

  it('reads a pending transfer() call on the USDT contract from its data', () => {
    const [, call] = block.transactions ?? [];
    expect(tronPendingTransfers(call, USDT_HEX)).toEqual([
      {
        txid: call.txID,
        index: 1,
        currency: 'USDTTRC',
        to: MAINNET_USDT_TRC20,
        amount: 1_000_000_000n,
        from: [TronWeb.address.fromHex('4168e6f2e0e9b4e2e4a2e6a1b1b2c3d4e5f6a7b8c9')],
      },
    ]);
  });
});
