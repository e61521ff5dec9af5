import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonExact } from '@swap/domain';
import {
  solanaBlockOfAnswer,
  solanaBlockTransfers,
  solanaChainBlock,
  type RpcAccountsBlock,
} from './solana-block';

/**
 * A getBlock answer with transactionDetails "accounts", shaped as mainnet-beta answers it (the
 * documented JSON structure; slot 337512394, January 2025): a vote, a System transfer, a failed
 * swap, a program (Jupiter) raising an account it loaded from a lookup table, and an account beyond
 * 2^53 lamports.
 */
const text = readFileSync(join(__dirname, 'fixtures/get-block-accounts.json'), 'utf8');
const fast = (JSON.parse(text) as { result: RpcAccountsBlock }).result;
const exact = (parseJsonExact(text) as { result: RpcAccountsBlock }).result;

describe('deposits in a Solana block', () => {
  const { transfers, exact: precise } = solanaBlockTransfers(fast);

  it('counts every account a successful transaction raised, whatever program moved the lamports', () => {
    const raised = transfers.map((t) => [t.to, t.index]);
    expect(raised).toContainEqual(['GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW', 1]);
    // Raised by a swap program's CPI, the account loaded from an address lookup table.
    expect(raised).toContainEqual(['8psNvWTrdNTiVRNzAgsou9kETXNJm2SXZyaKuJraVRtf', 4]);
    expect(transfers.find((t) => t.index === 4)).toMatchObject({
      txid: '4yWr4zTaZKXPXVtPbDywDuDNxxv8WtYx3y99CCQ6M5qC6oJkS7qBGGJkRoayv1KEhhrNx3XvkK8Hn3CCHPNhSmVe',
      currency: 'SOL',
      amount: 876_543_210n,
      from: ['BgvYtJEfmZYdVKiptmMjxGzv8iQoo4MWjsP3QsAhtLsu'],
    });
  });

  it('counts nothing of a failed transaction (fees only) nor of a vote (nobody raised)', () => {
    expect(transfers.filter((t) => t.txid.startsWith('2nBhEB'))).toEqual([]);
    expect(transfers.filter((t) => t.txid.startsWith('5p3dG1'))).toEqual([]);
  });

  it('the System transfer is the whole difference of the balances, named by (signature, account index)', () => {
    expect(transfers.find((t) => t.txid.startsWith('3hD6Hc'))).toEqual({
      txid: '3hD6Hc5RthNkFRH5qN6EpMcjgHQGzUpp8QpQcZTGyMSoHMYQpHWkSSoMG3yxnz1jyBQEmfoxhhXzuRVEHN5GnkyQ',
      index: 1,
      currency: 'SOL',
      to: 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW',
      amount: 2_500_000_000n,
      from: ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'],
    });
  });

  it('a balance beyond 2^53 lamports is not trusted from doubles, and is exact once read exactly', () => {
    expect(precise).toBe(false);
    const again = solanaBlockTransfers(exact);
    expect(again.exact).toBe(true);
    expect(again.transfers.find((t) => t.to === 'H8sMJSCQxfKiFTCfDR3DUMLPwcRbM61LGFJ8N4dK3WjS')?.amount).toBe(
      1n,
    );
    expect(again.transfers.map((t) => t.to)).toEqual([
      ...transfers.map((t) => t.to),
      'H8sMJSCQxfKiFTCfDR3DUMLPwcRbM61LGFJ8N4dK3WjS',
    ]);
  });

  it('what the reader makes of the answer: doubles, read again exactly from its text where needed', () => {
    const block = solanaBlockOfAnswer(337512394, fast, text);
    expect(block.transfers.find((t) => t.to === 'H8sMJSCQxfKiFTCfDR3DUMLPwcRbM61LGFJ8N4dK3WjS')?.amount).toBe(
      1n,
    );
    expect(block.transfers).toHaveLength(3);
  });

  it('the block is named by its blockhash and built on previousBlockhash', () => {
    expect(solanaChainBlock(337512394, fast, [])).toEqual({
      height: 337512394,
      hash: '7fC1EUcDsrMbJ6GpGSRw1cBCHazzxADzkLX2GVVGKTzp',
      parentHash: 'GBz8NaQvbbgYLFRpqPnU85eFJtUJs1xWFTV5K29ysqut',
      time: 1736424580,
      transfers: [],
    });
  });
});
