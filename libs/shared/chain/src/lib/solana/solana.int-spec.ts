import { accountPublicKey, mnemonicToSeed } from '@swap/chain-keys';
import { startSolanaLab, type SolanaLab } from '@swap/chain-nodes';
import { addressSigner } from '../address-signer';
import type { ChainReader } from '../chain-reader';
import { UnsignableTransfer, type ChainSender, type SenderKeys } from '../chain-sender';
import { solanaConfig, solanaReader, solanaSender } from './index';

const SEED = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const SOL = 1_000_000_000n;
const FINALIZE_DEPTH = 8;

/**
 * The production Solana adapter over HTTP against the Solana lab: the real runtime (litesvm)
 * behind Solana's JSON-RPC, so every transaction the sender builds really executes (signatures,
 * fees, rent, the System program), and the reader sees commitment levels, skipped slots and forks.
 */
describe('Solana adapter on the Solana lab', () => {
  let lab: SolanaLab;
  let reader: ChainReader;
  let sender: ChainSender;
  const keys: SenderKeys = {
    signer: (index) => addressSigner(SEED, 'SOL', index),
    accountPublic: accountPublicKey(SEED, 'SOL'),
  };
  const hot = keys.signer(0);

  beforeAll(async () => {
    lab = await startSolanaLab({ slotMs: 0, finalizeDepth: FINALIZE_DEPTH, blockhashValidity: 20 });
    const config = solanaConfig({
      SOL_RPC_URL: lab.rpcUrl,
      SOL_NETWORK: 'regtest',
      SOL_PRIORITY_FEE_MICROLAMPORTS: '1000',
    });
    reader = solanaReader(config);
    sender = solanaSender(config, keys);
    await lab.fund(hot.address, 100n * SOL);
    await finalize();
  });
  afterAll(() => lab?.stop());

  const finalize = () => lab.produceBlocks(FINALIZE_DEPTH + 1);

  it('follows the finalized chain: a deposit is PENDING while confirmed, in a block once finalized', async () => {
    const deposit = keys.signer(7).address;
    const payer = await lab.newPayer(5n * SOL);
    const signature = await lab.transfer(payer, deposit, 2n * SOL);
    await lab.produceBlocks(2); // voted confirmed, not finalized

    const pending = await reader.mempool();
    expect(pending).toContainEqual(
      expect.objectContaining({ txid: signature, currency: 'SOL', to: deposit, amount: 2n * SOL }),
    );
    const before = await reader.tip();
    await finalize();
    const tip = await reader.tip();
    expect(tip.height).toBeGreaterThan(before.height);
    let found = null;
    for (let slot = before.height + 1; slot <= tip.height && !found; slot++) {
      const block = await reader.blockAt(slot);
      found = block?.transfers.find((t) => t.txid === signature) ?? null;
    }
    expect(found).toMatchObject({ to: deposit, amount: 2n * SOL, from: [payer.address] });
    expect(await reader.mempool()).not.toContainEqual(expect.objectContaining({ txid: signature }));
    expect(await reader.balance(deposit, 'SOL')).toBe(2n * SOL);
  });

  it('a skipped slot is an empty block carrying its parent hash, so the chain of hashes holds', async () => {
    const from = await reader.tip();
    lab.skipSlots(2);
    await lab.produceBlock();
    await finalize();
    const to = await reader.tip();
    let previous = await reader.blockAt(from.height);
    const skipped: number[] = [];
    for (let slot = from.height + 1; slot <= to.height; slot++) {
      const block = await reader.blockAt(slot);
      expect(block?.parentHash).toBe(previous?.hash);
      if (block?.hash === block?.parentHash) skipped.push(slot);
      previous = block;
    }
    expect(skipped).toHaveLength(2);
    expect(skipped[1]).toBe(skipped[0] + 1);
    expect(previous?.hash).toBe(to.hash);
  });

  it('a confirmed block that a fork drops takes its deposit out of the pending list', async () => {
    const deposit = keys.signer(8).address;
    const payer = await lab.newPayer(3n * SOL);
    const signature = await lab.transfer(payer, deposit, SOL);
    await lab.produceBlock();
    expect(await reader.mempool()).toContainEqual(expect.objectContaining({ txid: signature }));
    await lab.rollback({ depth: 2, drop: [signature] });
    expect(await reader.mempool()).not.toContainEqual(expect.objectContaining({ txid: signature }));
    await finalize();
    expect(await reader.balance(deposit, 'SOL')).toBe(0n);
  });

  it('pays out from the hot wallet with a priority fee; the same bytes again are one transaction', async () => {
    const to = keys.signer(900).address;
    const tx = await sender.sign({ currency: 'SOL', to, amount: 3n * SOL }, hot);
    // One signature (5000) and 1000 µlamports × 1000 compute units: 1 lamport of priority fee.
    expect(tx).toMatchObject({ network: 'SOL', feeCurrency: 'SOL', fee: 5_001n, txKey: null });
    expect(tx.validUntil).toEqual(expect.any(Number));
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    await lab.produceBlock();
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    expect(await reader.transaction(tx.txid)).toEqual({ state: 'mempool' });
    await finalize();
    expect(await reader.transaction(tx.txid)).toMatchObject({ state: 'confirmed', fee: 5_001n });
    expect(lab.balance(to, 'finalized')).toBe(3n * SOL);
    expect(lab.landed().filter((t) => t.signature === tx.txid)).toHaveLength(1);
  });

  it('a sweep empties the deposit address exactly: its balance less the one-signature fee', async () => {
    const deposit = keys.signer(9);
    await lab.fund(deposit.address, SOL + 123n);
    await finalize();
    const balance = await reader.balance(deposit.address, 'SOL');
    const fee = await sender.estimateFee('SOL');
    const tx = await sender.sign({ currency: 'SOL', to: hot.address, amount: balance - fee }, deposit);
    expect(tx.fee).toBe(fee);
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    await finalize();
    expect(await reader.balance(deposit.address, 'SOL')).toBe(0n);
  });

  it('refuses to open an account below the rent-exempt minimum, and a refusal names the reason', async () => {
    const fresh = keys.signer(901).address;
    await expect(sender.sign({ currency: 'SOL', to: fresh, amount: 1_000n }, hot)).rejects.toThrow(
      UnsignableTransfer,
    );
    // A deposit address cannot pay out more than it holds: the node's preflight says why.
    const empty = keys.signer(902);
    const tx = await sender.sign({ currency: 'SOL', to: hot.address, amount: SOL }, empty);
    expect(await sender.broadcast(tx)).toMatchObject({ accepted: false, reason: expect.any(String) });
  });

  it('a lost transaction is proven never to land once its blockhash has expired, and not before', async () => {
    const to = keys.signer(903).address;
    lab.loseTransactions(1);
    const tx = await sender.sign({ currency: 'SOL', to, amount: SOL }, hot);
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    await lab.produceBlocks(3);
    expect(await reader.transaction(tx.txid)).toEqual({ state: 'unknown' });
    expect(await reader.neverLands?.(tx)).toBeNull();

    await lab.produceBlocks(20 + FINALIZE_DEPTH + 2);
    expect(await reader.neverLands?.(tx)).toMatch(/past the last valid block height/);
    expect(await sender.broadcast(tx)).toMatchObject({ accepted: false, expired: true });
    expect(lab.balance(to)).toBe(0n);
  });

  it('bytes that landed are accepted when sent again past their blockhash, which the node checks first', async () => {
    const to = keys.signer(904).address;
    const tx = await sender.sign({ currency: 'SOL', to, amount: SOL }, hot);
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    await lab.produceBlocks(20 + FINALIZE_DEPTH + 2);
    expect(await reader.transaction(tx.txid)).toMatchObject({ state: 'confirmed' });
    expect(await reader.neverLands?.(tx)).toBeNull();
    expect(await sender.broadcast(tx)).toEqual({ accepted: true });
    expect(lab.balance(to)).toBe(SOL);
  });

  it('checks the chain before anything else: a node of another cluster is refused, naming SOL_NETWORK', async () => {
    const mainnet = solanaReader(solanaConfig({ SOL_RPC_URL: lab.rpcUrl }));
    await expect(mainnet.verify?.()).rejects.toThrow(/SOL_NETWORK asks for 5eykt4/);
    await expect(mainnet.tip()).rejects.toThrow(/genesis/);
    const pinned = solanaReader(solanaConfig({ SOL_RPC_URL: lab.rpcUrl, SOL_GENESIS_HASH: lab.genesisHash }));
    await expect(pinned.verify?.()).resolves.toBeUndefined();
  });
});
