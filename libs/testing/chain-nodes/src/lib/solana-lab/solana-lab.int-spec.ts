import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Signature,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { startSolanaLab, type SolanaLab } from './index';

// Driven only through the JSON-RPC, with @solana/kit, as the production adapter will be.
const SOL = 1_000_000_000n;
const SYSTEM = '11111111111111111111111111111111';
const VALIDITY = 10;

let lab: SolanaLab;
let rpc: ReturnType<typeof createSolanaRpc>;

beforeEach(async () => {
  lab = await startSolanaLab({ slotMs: 0, confirmDepth: 1, finalizeDepth: 3, blockhashValidity: VALIDITY });
  rpc = createSolanaRpc(lab.rpcUrl);
});
afterEach(() => lab.stop());

/** A System transfer signed against the newest blockhash, as a wallet builds one. */
async function signTransfer(from: KeyPairSigner, to: Address, lamports: bigint, before: Instruction[] = []) {
  const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send();
  const transfer = getTransferSolInstruction({ source: from, destination: to, amount: lamports });
  const signed = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([...before, transfer], m),
    (m) => signTransactionMessageWithSigners(m),
  );
  const message = getBase64Decoder().decode(signed.messageBytes) as TransactionMessageBytesBase64;
  return {
    wire: getBase64EncodedWireTransaction(signed),
    signature: getSignatureFromTransaction(signed),
    lifetime,
    message,
  };
}

const send = (wire: ReturnType<typeof getBase64EncodedWireTransaction>, skipPreflight = false) =>
  rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight }).send();

const statusOf = async (signature: Signature) =>
  (await rpc.getSignatureStatuses([signature]).send()).value[0];

const balance = async (address: Address, commitment: 'processed' | 'confirmed' | 'finalized') =>
  (await rpc.getBalance(address, { commitment }).send()).value;

const newAddress = async () => (await generateKeyPairSigner()).address;

interface RawAnswer {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** The bare JSON-RPC answer, to check exact error codes, messages and data. */
async function raw(method: string, params: unknown[] = []): Promise<RawAnswer> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method, params });
  const response = await fetch(lab.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return (await response.json()) as RawAnswer;
}

describe('Solana lab', () => {
  it('lands a transfer and shows it in getBlock at each commitment, with balances and fee', async () => {
    const payer = await lab.newPayer(2n * SOL);
    const dest = await newAddress();
    const { wire, signature } = await signTransfer(payer, dest, SOL);

    expect(await send(wire)).toBe(signature);
    expect(await statusOf(signature)).toBeNull(); // still in the open slot
    await lab.produceBlock();
    const slot = (await statusOf(signature))!.slot;
    const config = { maxSupportedTransactionVersion: 0, rewards: false } as const;
    expect(await raw('getBlock', [Number(slot), { ...config, commitment: 'confirmed' }])).toMatchObject({
      error: { code: -32004, message: `Block not available for slot ${slot}` },
    });
    expect(await raw('getBlock', [Number(slot), { commitment: 'processed' }])).toMatchObject({
      error: { code: -32602, message: 'Method does not support commitment below `confirmed`' },
    });
    expect(await balance(dest, 'processed')).toBe(SOL);
    expect(await balance(dest, 'confirmed')).toBe(0n);

    await lab.produceBlock();
    const confirmed = await rpc.getBlock(slot, { ...config, commitment: 'confirmed' }).send();
    expect(confirmed!.transactions).toHaveLength(1);
    const [entry] = confirmed!.transactions;
    expect(entry.transaction.signatures).toEqual([signature]);
    expect(entry.transaction.message.accountKeys).toEqual([payer.address, dest, SYSTEM]);
    expect(entry.meta).toMatchObject({
      err: null,
      status: { Ok: null },
      fee: 5000n,
      preBalances: [2n * SOL, 0n, 1n],
      postBalances: [SOL - 5000n, SOL, 1n],
      loadedAddresses: { writable: [], readonly: [] },
      rewards: null,
    });
    expect(entry.meta!.logMessages).toContain(`Program ${SYSTEM} success`);
    expect(
      await raw('getBlock', [Number(slot), { commitment: 'finalized', maxSupportedTransactionVersion: 0 }]),
    ).toMatchObject({
      error: { code: -32004 },
    });
    expect(await balance(dest, 'finalized')).toBe(0n);

    await lab.produceBlocks(2);
    const finalized = await rpc.getBlock(slot, { maxSupportedTransactionVersion: 0 }).send();
    expect(finalized).toMatchObject({
      blockhash: confirmed!.blockhash,
      blockHeight: confirmed!.blockHeight,
      rewards: [],
    });
    expect(await balance(dest, 'finalized')).toBe(SOL);
    expect(lab.balance(payer.address, 'finalized')).toBe(SOL - 5000n);
    expect(lab.landed()).toContainEqual({ signature, slot: Number(slot), err: null, fee: 5000n });

    const accounts = await raw('getBlock', [
      Number(slot),
      { transactionDetails: 'accounts', maxSupportedTransactionVersion: 0 },
    ]);
    expect(accounts.result).toMatchObject({
      transactions: [
        {
          transaction: {
            signatures: [signature],
            accountKeys: [
              { pubkey: payer.address, writable: true, signer: true, source: 'transaction' },
              { pubkey: dest, writable: true, signer: false, source: 'transaction' },
              { pubkey: SYSTEM, writable: false, signer: false, source: 'transaction' },
            ],
          },
          meta: { err: null, fee: 5000, preTokenBalances: [], postTokenBalances: [], status: { Ok: null } },
          version: 0,
        },
      ],
    });
    const signaturesOnly = await raw('getBlock', [Number(slot), { transactionDetails: 'signatures' }]);
    expect(signaturesOnly.result).toMatchObject({ signatures: [signature] });
    expect(signaturesOnly.result).not.toHaveProperty('transactions');
    const none = await raw('getBlock', [Number(slot), { transactionDetails: 'none', rewards: false }]);
    expect(Object.keys(none.result as object).sort()).toEqual(
      ['blockHeight', 'blockTime', 'blockhash', 'parentSlot', 'previousBlockhash'].sort(),
    );
    // A v0 transaction needs the client to say it understands v0, as on mainnet.
    expect(await raw('getBlock', [Number(slot)])).toMatchObject({ error: { code: -32015 } });

    const fetched = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    expect(fetched).toMatchObject({
      slot,
      blockTime: finalized!.blockTime,
      version: 0,
      meta: { fee: 5000n },
    });
  });

  it('moves a signature status from processed to confirmed to finalized', async () => {
    const payer = await lab.newPayer(SOL);
    const { wire, signature } = await signTransfer(payer, await newAddress(), SOL / 2n);
    await send(wire);
    await lab.produceBlock();
    const seen: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const status = await statusOf(signature);
      seen.push([status!.confirmationStatus, status!.confirmations]);
      await lab.produceBlock();
    }
    expect(seen).toEqual([
      ['processed', 0n],
      ['confirmed', 1n],
      ['confirmed', 2n],
      ['finalized', null],
    ]);
  });

  it('charges the priority fee the compute budget instructions ask for', async () => {
    const payer = await lab.newPayer(SOL);
    const budget = [
      getSetComputeUnitLimitInstruction({ units: 600 }),
      getSetComputeUnitPriceInstruction({ microLamports: 2_000_000n }),
    ];
    const { wire, signature, message } = await signTransfer(payer, await newAddress(), SOL / 10n, budget);
    const expectedFee = 5000n + (600n * 2_000_000n) / 1_000_000n;
    expect((await rpc.getFeeForMessage(message, { commitment: 'processed' }).send()).value).toBe(expectedFee);

    await send(wire);
    await lab.produceBlocks(2);
    const tx = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
        encoding: 'json',
      })
      .send();
    expect(tx!.meta!.fee).toBe(expectedFee);
    expect(await balance(payer.address, 'processed')).toBe(SOL - SOL / 10n - expectedFee);
    const fees = await rpc.getRecentPrioritizationFees([payer.address]).send();
    expect(fees).toContainEqual({ slot: tx!.slot, prioritizationFee: 2_000_000n });
    expect(fees.find((entry) => entry.slot === tx!.slot + 1n)).toEqual({
      slot: tx!.slot + 1n,
      prioritizationFee: 0n,
    });
  });

  it('refuses a transfer that leaves a new account below rent exemption, and lands it failed without preflight', async () => {
    const payer = await lab.newPayer(SOL);
    const fresh = await newAddress();
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    const { wire, signature } = await signTransfer(payer, fresh, 1000n);

    const refused = await raw('sendTransaction', [wire, { encoding: 'base64' }]);
    expect(refused.error).toMatchObject({
      code: -32002,
      message:
        'Transaction simulation failed: Transaction results in an account (1) with insufficient funds for rent',
      data: { err: { InsufficientFundsForRent: { account_index: 1 } }, accounts: null, returnData: null },
    });
    expect((refused.error!.data as { logs: string[] }).logs).toContain(`Program ${SYSTEM} invoke [1]`);
    expect(await statusOf(signature)).toBeNull();

    expect(await send(wire, true)).toBe(signature);
    await lab.produceBlocks(2);
    const failed = await raw('getTransaction', [
      signature,
      { commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
    ]);
    expect(failed.result).toMatchObject({
      meta: {
        err: { InsufficientFundsForRent: { account_index: 1 } },
        status: { Err: { InsufficientFundsForRent: { account_index: 1 } } },
        fee: 5000,
        preBalances: [Number(SOL), 0, 1],
        postBalances: [Number(SOL) - 5000, 0, 1],
      },
    });
    expect(await balance(fresh, 'confirmed')).toBe(0n);
    expect(await balance(payer.address, 'confirmed')).toBe(SOL - 5000n);
    // kit reads every JSON number as a bigint
    expect((await statusOf(signature))!.err).toEqual({ InsufficientFundsForRent: { account_index: 1n } });
  });

  it('lands a transaction up to its lastValidBlockHeight and refuses it after', async () => {
    const payer = await lab.newPayer(SOL);
    const inTime = await signTransfer(payer, await newAddress(), SOL / 10n);
    const late = await signTransfer(payer, await newAddress(), SOL / 5n);
    const height = await rpc.getBlockHeight({ commitment: 'processed' }).send();
    expect(inTime.lifetime.lastValidBlockHeight).toBe(height + BigInt(VALIDITY));

    await lab.produceBlocks(VALIDITY - 1);
    await send(inTime.wire);
    await lab.produceBlock(); // the block at lastValidBlockHeight: the last one it may land in
    const blockhash = late.lifetime.blockhash;
    expect((await rpc.isBlockhashValid(blockhash, { commitment: 'processed' }).send()).value).toBe(false);
    expect((await raw('sendTransaction', [late.wire, { encoding: 'base64' }])).error).toEqual({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: {
        err: 'BlockhashNotFound',
        logs: [],
        accounts: null,
        unitsConsumed: 0,
        returnData: null,
        innerInstructions: null,
        replacementBlockhash: null,
      },
    });
    expect(await send(late.wire, true)).toBe(late.signature);
    await lab.produceBlock();
    expect(await statusOf(late.signature)).toBeNull();
    const landedIn = await rpc
      .getBlock((await statusOf(inTime.signature))!.slot, {
        commitment: 'confirmed',
        transactionDetails: 'none',
      })
      .send();
    expect(landedIn!.blockHeight).toBe(inTime.lifetime.lastValidBlockHeight);
  });

  it('executes the same signed bytes once', async () => {
    const payer = await lab.newPayer(SOL);
    const dest = await newAddress();
    const { wire, signature } = await signTransfer(payer, dest, SOL / 4n);
    await send(wire);
    expect((await raw('sendTransaction', [wire, { encoding: 'base64' }])).error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
      data: { err: 'AlreadyProcessed' },
    });
    expect(await send(wire, true)).toBe(signature);
    await lab.produceBlock();
    expect(await send(wire, true)).toBe(signature);
    await lab.produceBlock();

    expect(await balance(dest, 'processed')).toBe(SOL / 4n);
    expect(await balance(payer.address, 'processed')).toBe(SOL - SOL / 4n - 5000n);
    expect(lab.landed().filter((tx) => tx.signature === signature)).toHaveLength(1);
  });

  it('leaves skipped slots without a block', async () => {
    await lab.produceBlock();
    const parentSlot = await rpc.getSlot({ commitment: 'processed' }).send();
    lab.skipSlots(2);
    await lab.produceBlock();
    const slot = await rpc.getSlot({ commitment: 'processed' }).send();
    expect(slot).toBe(parentSlot + 3n);
    await lab.produceBlock();
    // Above the finalized root a missing block is "not available (yet)", as agave answers.
    expect(await raw('getBlock', [Number(parentSlot) + 1, { commitment: 'confirmed' }])).toMatchObject({
      error: { code: -32004 },
    });

    await lab.produceBlocks(3);
    const block = await rpc.getBlock(slot, { transactionDetails: 'none', rewards: false }).send();
    const parent = await rpc.getBlock(parentSlot, { transactionDetails: 'none', rewards: false }).send();
    expect(block).toMatchObject({
      parentSlot,
      previousBlockhash: parent!.blockhash,
      blockHeight: parent!.blockHeight + 1n,
    });
    expect(await rpc.getBlocks(parentSlot, slot).send()).toEqual([parentSlot, slot]);
    for (const skipped of [parentSlot + 1n, parentSlot + 2n]) {
      expect(await raw('getBlock', [Number(skipped)])).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32007,
          message: `Slot ${skipped} was skipped, or missing due to ledger jump to recent snapshot`,
        },
        id: 7,
      });
    }
  });

  it('rolls back a fork: a dropped transfer and its balance are gone, finalized blocks stay', async () => {
    const payer = await lab.newPayer(SOL);
    await lab.produceBlocks(3);
    const [keptDest, droppedDest] = [await newAddress(), await newAddress()];
    const kept = await signTransfer(payer, keptDest, SOL / 10n);
    const dropped = await signTransfer(payer, droppedDest, SOL / 5n);
    await send(kept.wire);
    await send(dropped.wire);
    await lab.produceBlocks(2);
    const oldSlot = (await statusOf(kept.signature))!.slot;
    expect(await balance(droppedDest, 'confirmed')).toBe(SOL / 5n);

    await lab.rollback({ depth: 2, drop: [dropped.signature] });
    expect(await statusOf(dropped.signature)).toBeNull();
    expect((await statusOf(kept.signature))!.slot).toBeGreaterThan(oldSlot);
    expect(await balance(droppedDest, 'processed')).toBe(0n);
    expect(await balance(keptDest, 'processed')).toBe(SOL / 10n);
    expect(await balance(payer.address, 'processed')).toBe(SOL - SOL / 10n - 5000n);
    expect(lab.landed().map((tx) => tx.signature)).not.toContain(dropped.signature);

    // Gone for good: the same bytes sent again never land.
    expect(await send(dropped.wire, true)).toBe(dropped.signature);
    await lab.produceBlocks(3);
    expect(await statusOf(dropped.signature)).toBeNull();
    expect(await raw('getBlock', [Number(oldSlot)])).toMatchObject({ error: { code: -32007 } });
    await expect(lab.rollback({ depth: 4 })).rejects.toThrow(/not finalized/);
    expect(await balance(keptDest, 'finalized')).toBe(SOL / 10n);
  });

  it('loses a transaction: answered with its signature, it never lands and its blockhash expires', async () => {
    const payer = await lab.newPayer(SOL);
    const dest = await newAddress();
    lab.loseTransactions(1);
    const lost = await signTransfer(payer, dest, SOL / 10n);
    expect(await send(lost.wire)).toBe(lost.signature);
    await lab.produceBlock();
    expect(await statusOf(lost.signature)).toBeNull();
    expect(
      (await rpc.isBlockhashValid(lost.lifetime.blockhash, { commitment: 'processed' }).send()).value,
    ).toBe(true);
    expect(await send(lost.wire, true)).toBe(lost.signature); // a rebroadcast does not bring it back

    await lab.produceBlocks(VALIDITY);
    expect(
      (await rpc.isBlockhashValid(lost.lifetime.blockhash, { commitment: 'processed' }).send()).value,
    ).toBe(false);
    expect(await rpc.getBlockHeight({ commitment: 'processed' }).send()).toBeGreaterThan(
      lost.lifetime.lastValidBlockHeight,
    );
    expect(await statusOf(lost.signature)).toBeNull();
    expect(await balance(dest, 'processed')).toBe(0n);
  });

  it('produces a block every slotMs on its own', async () => {
    const timed = await startSolanaLab({ slotMs: 10 });
    try {
      const client = createSolanaRpc(timed.rpcUrl);
      const payer = await timed.newPayer(SOL); // resolves once a timer-produced block holds the funding
      expect((await client.getBalance(payer.address, { commitment: 'processed' }).send()).value).toBe(SOL);
      const slot = await client.getSlot({ commitment: 'processed' }).send();
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await client.getSlot({ commitment: 'processed' }).send()).toBeGreaterThan(slot);
    } finally {
      await timed.stop();
    }
  });

  it('speaks JSON-RPC 2.0 as the real node: errors, batches, account shapes', async () => {
    expect(await raw('getBalanceOf', [])).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 7,
    });
    expect(await raw('getBalance', ['not-a-key'])).toMatchObject({
      error: { code: -32602, message: 'Invalid param: Invalid' },
    });
    expect(await raw('getBalance', ['abc'])).toMatchObject({
      error: { code: -32602, message: 'Invalid param: WrongSize' },
    });
    expect(await rpc.getGenesisHash().send()).toBe(lab.genesisHash);
    expect(await rpc.getHealth().send()).toBe('ok');
    expect(await rpc.getVersion().send()).toMatchObject({ 'solana-core': '2.2.0' });

    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'getSlot', params: [{ commitment: 'processed' }] },
      { jsonrpc: '2.0', id: 2, method: 'getHealth' },
    ]);
    const response = await fetch(lab.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: batch,
    });
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', result: 0, id: 1 },
      { jsonrpc: '2.0', result: 'ok', id: 2 },
    ]);

    const payer = await lab.newPayer(SOL);
    const { context, value } = await rpc
      .getAccountInfo(payer.address, { encoding: 'base64', commitment: 'processed' })
      .send();
    expect(context.slot).toBe(await rpc.getSlot({ commitment: 'processed' }).send());
    expect(value).toEqual({
      data: ['', 'base64'],
      executable: false,
      lamports: SOL,
      owner: SYSTEM,
      rentEpoch: 18_446_744_073_709_551_615n,
      space: 0n,
    });
    expect((await rpc.getAccountInfo(payer.address).send()).value).toBeNull(); // not finalized yet
    const latest = await rpc.getLatestBlockhash({ commitment: 'processed' }).send();
    await lab.produceBlock();
    const block = await rpc
      .getBlock(latest.context.slot, { commitment: 'confirmed', transactionDetails: 'none' })
      .send();
    expect(block!.blockhash).toBe(latest.value.blockhash);
    expect(latest.value.lastValidBlockHeight).toBe(block!.blockHeight + BigInt(VALIDITY));
  });
});
