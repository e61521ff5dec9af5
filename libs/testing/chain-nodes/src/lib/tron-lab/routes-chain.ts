import { broadcastHex, broadcastTransaction } from './broadcast';
import type { Block } from './block';
import type { TronChain } from './chain';
import { compact } from './json';
import { flag, type Route, type View } from './route-context';
import { transactionJson } from './transaction-json';
import { hex, int } from './transaction-parse';
import { blockJson, txInfoJson } from './views';

/** BlockList as java-tron prints it (Util.printBlockList): `{block: [...]}`. */
const blockList = (blocks: Block[], visible: boolean) => ({
  block: blocks.map((b) => blockJson(b, visible)),
});

function blockByNum(chain: TronChain, view: View, num: number): Block | undefined {
  return num >= 0 && num <= view.block.number ? chain.blocks[num] : undefined;
}

function blockById(chain: TronChain, view: View, id: string): Block | undefined {
  const block = id.length === 64 ? blockByNum(chain, view, parseInt(id.slice(0, 16), 16)) : undefined;
  return block?.id === id ? block : undefined;
}

const getBlock: Route = (req, { chain }, view) => {
  const idOrNum = String(req.params.id_or_num ?? '');
  let block: Block | undefined = view.block;
  if (/^-?\d+$/.test(idOrNum)) {
    if (Number(idOrNum) < 0) return { Error: 'num must be non-positive number.' };
    block = blockByNum(chain, view, Number(idOrNum));
  } else if (idOrNum !== '') {
    if (!/^[0-9a-fA-F]{64}$/.test(idOrNum)) return { Error: 'id must be legal block hash.' };
    block = blockById(chain, view, idOrNum.toLowerCase());
  }
  return block ? blockJson(block, req.visible, flag(req.params.detail)) : {};
};

/** Transaction lookups see the head (and, on wallet/*, the pending pool) or only solid blocks. */
export const chainRoutes: Record<string, Route> = {
  getnowblock: (req, _lab, view) => blockJson(view.block, req.visible),
  getblockbynum: (req, { chain }, view) => {
    const block = blockByNum(chain, view, int(req.params.num, 'num'));
    return block ? blockJson(block, req.visible) : {};
  },
  getblockbyid: (req, { chain }, view) => {
    const block = blockById(chain, view, hex(req.params.value, 'value'));
    return block ? blockJson(block, req.visible) : {};
  },
  getblock: getBlock,
  getblockbylimitnext: (req, { chain }, view) => {
    const start = int(req.params.startNum, 'startNum');
    const end = int(req.params.endNum, 'endNum');
    if (!(end > 0 && end > start && end - start <= 100)) return {};
    const last = Math.min(end - 1, view.block.number);
    return blockList(start > last ? [] : chain.blocks.slice(Math.max(start, 0), last + 1), req.visible);
  },
  getblockbylatestnum: (req, { chain }, view) => {
    const num = int(req.params.num, 'num');
    if (num <= 0 || num > 100) return {};
    return blockList(
      chain.blocks.slice(Math.max(0, view.block.number - num + 1), view.block.number + 1),
      req.visible,
    );
  },
  gettransactionbyid: (req, { chain }, view) => {
    const txID = hex(req.params.value, 'value');
    const found = chain.find(txID, view.block.number);
    if (found) return transactionJson(found.mined.tx, req.visible, found.mined.outcome.contractRet);
    // java-tron keeps a pending transaction in its transaction store: the full node returns it.
    const pending = view.solid ? undefined : chain.pendingTx(txID);
    return pending ? transactionJson(pending, req.visible, 'SUCCESS') : {};
  },
  gettransactioninfobyid: (req, { chain }, view) => {
    const found = chain.find(hex(req.params.value, 'value'), view.block.number);
    return found ? txInfoJson(found.block, found.mined, req.visible) : {};
  },
  gettransactioninfobyblocknum: (req, { chain }, view) => {
    const num = int(req.params.num, 'num');
    if (num <= 0) return {};
    const block = blockByNum(chain, view, num);
    return block ? block.transactions.map((m) => txInfoJson(block, m, req.visible)) : [];
  },
  gettransactionlistfrompending: (_req, { chain }) => {
    const ids = chain.pendingIds;
    return ids.length > 0 ? { txId: ids } : {};
  },
  gettransactionfrompending: (req, { chain }) => {
    const tx = chain.pendingTx(hex(req.params.value, 'value'));
    return tx ? transactionJson(tx, req.visible, 'SUCCESS') : {};
  },
  gettransactioncountbyblocknum: (req, { chain }, view) => {
    const block = blockByNum(chain, view, int(req.params.num, 'num'));
    return compact({ count: block?.transactions.length || undefined });
  },
  broadcasttransaction: (req, lab) => broadcastTransaction(lab.chain, req.params, req.visible, lab.loseNext),
  broadcasthex: (req, lab) => broadcastHex(lab.chain, req.params, lab.loseNext),
};

/** The subset walletsolidity/* serves. */
export const SOLIDITY_CHAIN_ROUTES = [
  'getnowblock',
  'getblockbynum',
  'getblockbyid',
  'getblock',
  'getblockbylimitnext',
  'getblockbylatestnum',
  'gettransactionbyid',
  'gettransactioninfobyid',
  'gettransactioninfobyblocknum',
  'gettransactioncountbyblocknum',
];
