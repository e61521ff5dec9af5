import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { bech32 } from '@scure/base';
import { fromUnits, parseJsonExact, toUnits } from '@swap/domain';
import { freePort } from '@swap/testing';
import { startProcess, tempDir } from './node-process';

/** A litecoind on regtest, on a random loopback port and a temporary data directory. */
export interface Litecoind {
  /** http://user:password@127.0.0.1:port: what LTC_RPC_URL (or BTC_RPC_URL in tests) holds. */
  readonly rpcUrl: string;
  /** One JSON-RPC call, on `wallet` if given. Numbers come back as exact decimal strings. */
  rpc<T = unknown>(method: string, params?: unknown[], wallet?: string): Promise<T>;
  /** Mines `blocks` blocks to `address` (default: an address nobody can spend); their hashes. */
  mine(blocks: number, address?: string): Promise<string[]>;
  /** Mines one block holding exactly these raw transactions (generateblock); its hash. */
  mineTransactions(raws: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** P2WSH of 32 zero bytes: rewards mined there are simply gone. */
const BURN_ADDRESS = bech32.encode('rltc', [0, ...bech32.toWords(new Uint8Array(32))]);

export interface LitecoindOptions {
  /**
   * BIP125 fee bumps: the mempool takes replacements (-mempoolreplacement, off by default in
   * Litecoin Core) and wallets send replaceable transactions (-walletrbf), so `bumpfee` works.
   */
  replaceByFee?: boolean;
  /**
   * Blocks take only transactions paying at least this rate (-blockmintxfee, LTC per kvB): cheaper
   * ones stay in the mempool while blocks are mined (a payout stuck for its fee).
   */
  blockMinTxFee?: string;
}

/** Starts litecoind (apt package `litecoind`) with -txindex; stop() it in afterAll. */
export async function startLitecoind(options: LitecoindOptions = {}): Promise<Litecoind> {
  const dir = tempDir('litecoind');
  const [user, password] = [randomBytes(6).toString('hex'), randomBytes(12).toString('hex')];
  const port = await freePort();
  const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const rpc = async <T>(method: string, params: unknown[] = [], wallet?: string): Promise<T> => {
    const path = wallet ? `/wallet/${encodeURIComponent(wallet)}` : '/';
    const text = await post(port, path, auth, JSON.stringify({ jsonrpc: '1.0', id: 1, method, params }));
    const body = parseJsonExact(text) as { result: T; error: { message: string } | null };
    if (body.error) throw new Error(`litecoind ${method}: ${body.error.message}`);
    return body.result;
  };
  const node = await startProcess({
    name: 'litecoind',
    bin: 'litecoind',
    install: 'apt-get install -y litecoind',
    args: [
      '-regtest',
      `-datadir=${dir.path}`,
      '-server',
      '-listen=0',
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcport=${port}`,
      `-rpcuser=${user}`,
      `-rpcpassword=${password}`,
      '-fallbackfee=0.0001',
      '-txindex=1',
      '-printtoconsole=0',
      // A legacy wallet fills a keypool of 1000 keys when created: seconds a test does not need.
      '-keypool=10',
      // MWEB activates at height 432 on regtest, and from there this litecoind cannot mine
      // (generatetoaddress: "TestBlockValidity failed: bad-txns-vin-empty"): never start it.
      '-vbparams=mweb:4102444800:4102444801',
      ...(options.replaceByFee ? ['-mempoolreplacement=1', '-walletrbf=1'] : []),
      ...(options.blockMinTxFee ? [`-blockmintxfee=${options.blockMinTxFee}`] : []),
    ],
    timeoutMs: 20_000,
    ready: async () => Boolean(await rpc('getblockchaininfo')),
  });
  return {
    rpcUrl: `http://${user}:${password}@127.0.0.1:${port}`,
    rpc,
    mine: (blocks, address = BURN_ADDRESS) => rpc<string[]>('generatetoaddress', [blocks, address]),
    mineTransactions: async (raws) =>
      (await rpc<{ hash: string }>('generateblock', [BURN_ADDRESS, raws])).hash,
    stop: async () => {
      // litecoind's shutdown waits for idle keep-alive connections (the adapters' fetch keeps them
      // for 4 s); the data directory is thrown away, so it need not finish cleanly.
      await node.stop(1_000);
      dir.remove();
    },
  };
}

/** One HTTP POST on a connection of its own, closed after the answer (no keep-alive). */
function post(port: number, path: string, authorization: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { authorization, 'content-type': 'application/json' };
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(text));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A wallet of the node with coins to pay deposits from. */
export interface Payer {
  readonly wallet: string;
  /** A new P2WPKH (rltc1q…) address of the payer. */
  newAddress(): Promise<string>;
  /** Pays `amount` litoshis to `address`; the txid. */
  send(address: string, amount: bigint): Promise<string>;
  /**
   * A signed transaction spending the inputs of `txid` again, back to the payer: a double spend,
   * not broadcast (litecoind's mempool takes no replacement: -mempoolreplacement is off by
   * default), for mineTransactions.
   */
  doubleSpend(txid: string): Promise<string>;
  /**
   * Replaces the payer's unconfirmed `txid` by the same payment at a higher fee (BIP125, on a
   * node started with replaceByFee); the replacement's txid.
   */
  bumpFee(txid: string): Promise<string>;
  /** Litoshis `address` received in transactions with at least `minConf` confirmations. */
  received(address: string, minConf?: number): Promise<bigint>;
}

interface RawTx {
  vin: Array<{ txid: string; vout: string }>;
  vout: Array<{ value: string }>;
}

/** Creates wallet `name` and mines it 10 mature coinbases (500 LTC). */
export async function fundedPayer(node: Litecoind, name = 'payer'): Promise<Payer> {
  await node.rpc('createwallet', [name]);
  const newAddress = () => node.rpc<string>('getnewaddress', ['', 'bech32'], name);
  await node.mine(10, await newAddress());
  await node.mine(100);
  const rawTx = (txid: string) => node.rpc<RawTx>('getrawtransaction', [txid, true]);
  return {
    wallet: name,
    newAddress,
    send: (address, amount) => node.rpc<string>('sendtoaddress', [address, fromUnits(amount, 8)], name),
    doubleSpend: async (txid) => {
      const inputs = (await rawTx(txid)).vin.map((input) => ({ txid: input.txid, vout: Number(input.vout) }));
      let total = 0n;
      for (const input of inputs) total += toUnits((await rawTx(input.txid)).vout[input.vout].value, 8);
      const outputs = { [await newAddress()]: fromUnits(total - 100_000n, 8) };
      const unsigned = await node.rpc<string>('createrawtransaction', [inputs, outputs]);
      return (await node.rpc<{ hex: string }>('signrawtransactionwithwallet', [unsigned], name)).hex;
    },
    bumpFee: async (txid) => (await node.rpc<{ txid: string }>('bumpfee', [txid], name)).txid,
    received: async (address, minConf = 1) =>
      toUnits(await node.rpc<string>('getreceivedbyaddress', [address, minConf], name), 8),
  };
}
