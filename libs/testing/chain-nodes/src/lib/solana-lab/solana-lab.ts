import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { accountMethods } from './account-methods';
import { chainMethods } from './chain-methods';
import { feeMethods } from './fee-methods';
import { rollback } from './fork';
import { historyMethods } from './history-methods';
import { landAndWait, signedTransfer } from './lab-transfer';
import type { Commitment, SolanaLab, SolanaLabOptions } from './lab-types';
import { Leader } from './leader';
import { Ledger } from './ledger';
import { startRpcServer } from './rpc-server';
import { sendMethods } from './send-methods';

/** The faucet's genesis balance: 500 million SOL. */
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;

/** Starts the Solana lab: litesvm behind a JSON-RPC server on 127.0.0.1; stop() it in afterAll. */
export async function startSolanaLab(options: SolanaLabOptions = {}): Promise<SolanaLab> {
  const slotMs = options.slotMs ?? 400;
  const confirmDepth = options.confirmDepth ?? 1;
  const finalizeDepth = options.finalizeDepth ?? 8;
  const blockhashValidity = options.blockhashValidity ?? 150;
  const counts = { slotMs, confirmDepth, finalizeDepth, blockhashValidity };
  for (const [name, value] of Object.entries(counts)) {
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`SolanaLabOptions.${name} must be a whole number`);
  }
  if (finalizeDepth < confirmDepth) throw new Error('SolanaLabOptions.finalizeDepth is below confirmDepth');
  if (blockhashValidity < 1) throw new Error('SolanaLabOptions.blockhashValidity must be at least 1');

  const faucet = await generateKeyPairSigner();
  const ledger = new Ledger({
    confirmDepth,
    finalizeDepth,
    blockhashValidity,
    genesis: [{ address: faucet.address, lamports: FAUCET_LAMPORTS }],
  });
  const leader = new Leader(ledger);
  const server = await startRpcServer({
    ...chainMethods(ledger),
    ...accountMethods(ledger),
    ...sendMethods(ledger, leader),
    ...historyMethods(ledger),
    ...feeMethods(ledger),
  });
  const timer = slotMs > 0 ? setInterval(() => ledger.produceBlock(), slotMs) : undefined;
  timer?.unref();

  const transfer = async (from: KeyPairSigner, to: string, lamports: bigint): Promise<string> =>
    landAndWait(ledger, await signedTransfer(ledger, from, to, lamports), slotMs === 0);

  return {
    rpcUrl: server.url,
    genesisHash: ledger.genesisHash,
    newPayer: async (lamports) => {
      const payer = await generateKeyPairSigner();
      await transfer(faucet, payer.address, lamports);
      return payer;
    },
    transfer,
    fund: (address, lamports) => transfer(faucet, address, lamports),
    balance: (address, commitment: Commitment = 'processed') =>
      ledger.accountAt(address, ledger.heightAt(commitment))?.lamports ?? 0n,
    produceBlock: async () => {
      ledger.produceBlock();
    },
    produceBlocks: async (n) => {
      for (let i = 0; i < n; i++) ledger.produceBlock();
    },
    skipSlots: (n) => {
      if (!Number.isInteger(n) || n < 0) throw new Error(`skipSlots(${n}): a whole number of slots`);
      ledger.skip(n);
    },
    rollback: async ({ depth, drop = [] }) => {
      rollback(ledger, depth, new Set(drop));
      leader.forget(drop);
      ledger.announce(ledger.newest());
    },
    loseTransactions: (count) => leader.loseNext(count),
    landed: () =>
      ledger.allBlocks().flatMap((block) =>
        block.txs.map(({ tx, exec }) => ({
          signature: tx.signature,
          slot: block.slot,
          err: exec.err?.json ?? null,
          fee: exec.fee,
        })),
      ),
    stop: async () => {
      clearInterval(timer);
      await server.close();
    },
  };
}
