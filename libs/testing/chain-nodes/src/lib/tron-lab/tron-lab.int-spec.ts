import { createHash } from 'node:crypto';
import { TronWeb, utils } from 'tronweb';
import { startTronLab, type TronKey, type TronLab } from './index';

/**
 * Drives the lab only as a client would: java-tron's HTTP API, transactions built by tronweb from a
 * wallet/getnowblock header and signed offline. Expected numbers are derived from the requests and
 * java-tron's published rules, not from the lab's code.
 */
const TRX = 1_000_000;
const SOLID_DEPTH = 4;
const ENERGY_FEE = 210;
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const text = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');
const word = (hex: string) => hex.padStart(64, '0');
const hexOf = (address: string) => utils.address.toHex(address);

/** Bandwidth java-tron charges: the signed Transaction's protobuf size plus 64 (one signature). */
function bandwidthOf(tx: Json): number {
  const raw = tx.raw_data_hex.length / 2;
  const varint = raw < 128 ? 1 : raw < 16_384 ? 2 : 3;
  return 1 + varint + raw + (1 + 1 + 65) + 64;
}

describe('Tron lab (java-tron HTTP API)', () => {
  let lab: TronLab;
  let tronWeb: TronWeb;

  const call = async (path: string, body: Json = {}): Promise<Json> => {
    const response = await fetch(`${lab.url}/${path}`, { method: 'POST', body: JSON.stringify(body) });
    return (await response.json()) as Json;
  };
  const blockHeader = async (overrides: Json = {}) => {
    const head = await call('wallet/getnowblock');
    const { number, timestamp } = head.block_header.raw_data;
    return {
      ref_block_bytes: number.toString(16).slice(-4).padStart(4, '0'),
      ref_block_hash: head.blockID.slice(16, 32),
      expiration: timestamp + 60_000,
      timestamp,
      ...overrides,
    };
  };
  const sign = (tx: Json, key: TronKey): Json => utils.crypto.signTransaction(key.privateKey, tx);
  const trxTx = async (from: TronKey, to: string, sun: number, header: Json = {}) =>
    sign(
      await tronWeb.transactionBuilder.sendTrx(to, sun, from.address, {
        blockHeader: await blockHeader(header),
      }),
      from,
    );
  const usdtTx = async (from: TronKey, to: string, amount: number, feeLimit: number) => {
    const built = await tronWeb.transactionBuilder.triggerSmartContract(
      lab.usdt.address,
      'transfer(address,uint256)',
      { feeLimit, txLocal: true, blockHeader: await blockHeader() } as never,
      [
        { type: 'address', value: to },
        { type: 'uint256', value: amount },
      ],
      from.address,
    );
    return sign(built.transaction, from);
  };
  const broadcast = (tx: Json) => call('wallet/broadcasttransaction', tx);
  /** Broadcasts, checks java-tron's success reply, produces a block and returns the transaction info. */
  const mine = async (tx: Json) => {
    expect(await broadcast(tx)).toEqual({ result: true, txid: tx.txID });
    await lab.produceBlock();
    return call('wallet/gettransactioninfobyid', { value: tx.txID });
  };
  const balanceOf = async (address: string) =>
    ((await call('wallet/getaccount', { address, visible: true })).balance ?? 0) as number;
  const resourcesOf = (address: string) => call('wallet/getaccountresource', { address, visible: true });
  const funded = async (trx: number) => {
    const key = lab.newAccount();
    await lab.fund(key.address, BigInt(trx * TRX));
    return key;
  };
  const transferCall = (from: TronKey, to: string, amount: number) => ({
    owner_address: from.address,
    contract_address: lab.usdt.address,
    function_selector: 'transfer(address,uint256)',
    parameter: word(hexOf(to).slice(2)) + word(amount.toString(16)),
    visible: true,
  });

  beforeAll(async () => {
    lab = await startTronLab({ blockMs: 0, solidDepth: SOLID_DEPTH });
    tronWeb = new TronWeb({ fullHost: lab.url });
  });
  afterAll(() => lab?.stop());

  it('takes a TRX transfer’s bandwidth from the free 600 a day, then burns getTransactionFee per byte', async () => {
    const alice = await funded(10);
    const bob = await funded(1);
    const first = await trxTx(alice, bob.address, TRX);
    expect((await mine(first)).receipt).toEqual({ net_usage: bandwidthOf(first) });
    const second = await trxTx(alice, bob.address, TRX);
    const info = await mine(second);
    expect(info.receipt).toEqual({ net_usage: bandwidthOf(second) });
    expect(info.fee).toBeUndefined();
    expect((await resourcesOf(alice.address)).freeNetLimit).toBe(600);

    // 600 − 2 × ~268 bytes left: the third transfer burns 1000 sun a byte.
    const third = await trxTx(alice, bob.address, TRX);
    const burned = await mine(third);
    expect(burned.receipt).toEqual({ net_fee: bandwidthOf(third) * 1000 });
    expect(burned.fee).toBe(bandwidthOf(third) * 1000);
    expect(await balanceOf(alice.address)).toBe(10 * TRX - 3 * TRX - bandwidthOf(third) * 1000);
    expect(await balanceOf(bob.address)).toBe(4 * TRX);

    const mined = await call('wallet/gettransactionbyid', { value: first.txID });
    expect(mined.ret).toEqual([{ contractRet: 'SUCCESS' }]);
    expect(mined.raw_data_hex).toBe(first.raw_data_hex);
    // A day of slots later the free allowance has recovered.
    await lab.produceBlock({ skipSlots: 28_800 });
    expect((await resourcesOf(alice.address)).freeNetUsed).toBeUndefined();
  });

  it('charges 1.1 TRX (0.1 bandwidth + 1 creation) to send TRX to an address that has no account', async () => {
    const payer = await funded(5);
    const carol = lab.newAccount();
    expect(await call('wallet/getaccount', { address: carol.address, visible: true })).toEqual({});
    const tx = await trxTx(payer, carol.address, TRX);
    const info = await mine(tx);
    expect(info.fee).toBe(1_100_000);
    expect(info.receipt).toEqual({ net_fee: 100_000 });
    expect(await balanceOf(payer.address)).toBe(5 * TRX - TRX - 1_100_000);
    const account = await call('wallet/getaccount', { address: carol.hexAddress });
    expect(account).toMatchObject({ address: carol.hexAddress, balance: TRX });
    expect(account.frozenV2).toEqual([{}, { type: 'ENERGY' }, { type: 'TRON_POWER' }]);
  });

  describe('TRC-20 on the TVM', () => {
    let erin: TronKey;
    let frank: TronKey;
    let energy: number;

    beforeAll(async () => {
      erin = await funded(100);
      frank = await funded(1);
      await lab.mintUsdt(erin.address, 50_000_000n);
      await lab.mintUsdt(frank.address, 1_000_000n);
    });

    it('burns energy at getEnergyFee and reports the Transfer log', async () => {
      const params = (await call('wallet/getchainparameters')).chainParameter as Json[];
      expect(params.find((p) => p.key === 'getEnergyFee')?.value).toBe(ENERGY_FEE);
      const constant = await call(
        'wallet/triggerconstantcontract',
        transferCall(erin, frank.address, 5_000_000),
      );
      expect(constant.result).toEqual({ result: true });
      expect(constant.constant_result).toEqual([word('1')]);
      energy = constant.energy_used;
      expect(energy).toBeGreaterThan(5_000);
      expect(await call('wallet/estimateenergy', transferCall(erin, frank.address, 5_000_000))).toEqual({
        result: { result: true },
        energy_required: energy,
      });

      const tx = await usdtTx(erin, frank.address, 5_000_000, 100 * TRX);
      const info = await mine(tx);
      expect(info.receipt).toEqual({
        energy_fee: energy * ENERGY_FEE,
        energy_usage_total: energy,
        net_usage: bandwidthOf(tx),
        result: 'SUCCESS',
      });
      expect(info.fee).toBe(energy * ENERGY_FEE);
      expect(info.contract_address).toBe(lab.usdt.hexAddress);
      expect(info.contractResult).toEqual([word('1')]);
      expect(info.log).toEqual([
        {
          address: lab.usdt.hexAddress.slice(2),
          topics: [TRANSFER_TOPIC, word(erin.hexAddress.slice(2)), word(frank.hexAddress.slice(2))],
          data: word((5_000_000).toString(16)),
        },
      ]);
      const inBlock = await call('wallet/gettransactioninfobyblocknum', { num: info.blockNumber });
      expect(inBlock).toEqual([info]);
      expect(await balanceOf(erin.address)).toBe(100 * TRX - energy * ENERGY_FEE);
      expect(await lab.usdtBalance(erin.address)).toBe(45_000_000n);
      expect(await lab.usdtBalance(frank.address)).toBe(6_000_000n);
    });

    it('mines a call whose fee_limit cannot pay its energy as OUT_OF_ENERGY, token untouched', async () => {
      const feeLimit = Math.floor(energy / 2) * ENERGY_FEE;
      const before = await balanceOf(erin.address);
      const tx = await usdtTx(erin, frank.address, 1_000_000, feeLimit);
      const info = await mine(tx);
      expect(info.result).toBe('FAILED');
      expect(text(info.resMessage)).toMatch(/^Not enough energy/);
      // The first call used 345 of erin's free 600 bytes: this one burns its bandwidth too.
      expect(info.receipt).toEqual({
        energy_fee: feeLimit,
        energy_usage_total: feeLimit / ENERGY_FEE,
        net_fee: bandwidthOf(tx) * 1000,
        result: 'OUT_OF_ENERGY',
      });
      expect(info.log).toBeUndefined();
      expect((await call('wallet/gettransactionbyid', { value: tx.txID })).ret).toEqual([
        { contractRet: 'OUT_OF_ENERGY' },
      ]);
      expect(await balanceOf(erin.address)).toBe(before - feeLimit - bandwidthOf(tx) * 1000);
      expect(await lab.usdtBalance(erin.address)).toBe(45_000_000n);
    });

    it('mines a transfer above the balance as REVERT', async () => {
      const info = await mine(await usdtTx(erin, frank.address, 999_000_000, 100 * TRX));
      expect(info.receipt.result).toBe('REVERT');
      expect(text(info.resMessage)).toBe('REVERT opcode executed');
      expect(info.receipt.energy_usage_total).toBeLessThan(energy);
    });

    it('pays from delegated energy with no burn, and UnDelegate takes the energy back', async () => {
      const grace = await funded(30_000);
      const stake = sign(
        await tronWeb.transactionBuilder.freezeBalanceV2(20_000 * TRX, 'ENERGY', grace.address, {
          blockHeader: await blockHeader(),
        }),
        grace,
      );
      await mine(stake);
      expect((await call('wallet/getaccount', { address: grace.address, visible: true })).frozenV2).toEqual([
        {},
        { type: 'ENERGY', amount: 20_000 * TRX },
        { type: 'TRON_POWER' },
      ]);
      expect(
        await call('wallet/getcandelegatedmaxsize', { owner_address: grace.address, type: 1, visible: true }),
      ).toEqual({ max_size: 20_000 * TRX });
      const tooMuch = sign(
        await tronWeb.transactionBuilder.delegateResource(
          21_000 * TRX,
          erin.address,
          'ENERGY',
          grace.address,
          false,
          undefined,
          {
            blockHeader: await blockHeader(),
          },
        ),
        grace,
      );
      expect(text((await broadcast(tooMuch)).message)).toBe(
        'Contract validate error : delegateBalance must be less than or equal to available FreezeEnergyV2 balance',
      );
      const delegate = sign(
        await tronWeb.transactionBuilder.delegateResource(
          10_000 * TRX,
          erin.address,
          'ENERGY',
          grace.address,
          false,
          undefined,
          {
            blockHeader: await blockHeader(),
          },
        ),
        grace,
      );
      await mine(delegate);
      const resources = await resourcesOf(erin.address);
      expect(resources.TotalEnergyLimit).toBe(180_000_000_000);
      expect(resources.EnergyLimit).toBe(
        Math.trunc(10_000 * (180_000_000_000 / resources.TotalEnergyWeight)),
      );
      expect(
        await call('wallet/getdelegatedresourcev2', {
          fromAddress: grace.address,
          toAddress: erin.address,
          visible: true,
        }),
      ).toEqual({
        delegatedResource: [
          { from: grace.address, to: erin.address, frozen_balance_for_energy: 10_000 * TRX },
        ],
      });

      const before = await balanceOf(erin.address);
      const tx = await usdtTx(erin, frank.address, 2_000_000, 100 * TRX);
      const info = await mine(tx);
      // Energy all from the delegation: only the bandwidth (free allowance spent) is burned.
      expect(info.receipt).toEqual({
        energy_usage: energy,
        energy_usage_total: energy,
        net_fee: bandwidthOf(tx) * 1000,
        result: 'SUCCESS',
      });
      expect(info.fee).toBe(bandwidthOf(tx) * 1000);
      expect(await balanceOf(erin.address)).toBe(before - info.fee);
      // Used energy recovers over 24 h: one 3-second slot later 1/28800 of it is back.
      const used = (await resourcesOf(erin.address)).EnergyUsed;
      expect(energy - used).toBeGreaterThanOrEqual(0);
      expect(energy - used).toBeLessThanOrEqual(1);

      const undelegate = sign(
        await tronWeb.transactionBuilder.undelegateResource(
          10_000 * TRX,
          erin.address,
          'ENERGY',
          grace.address,
          {
            blockHeader: await blockHeader(),
          },
        ),
        grace,
      );
      await mine(undelegate);
      expect((await resourcesOf(erin.address)).EnergyLimit).toBeUndefined();
      expect(
        (await call('wallet/getaccount', { address: grace.address, visible: true })).frozenV2[1],
      ).toEqual({
        type: 'ENERGY',
        amount: 20_000 * TRX,
      });
      expect(
        await call('wallet/getdelegatedresourcev2', {
          fromAddress: grace.address,
          toAddress: erin.address,
          visible: true,
        }),
      ).toEqual({});
      const again = await broadcast(undelegate);
      expect(again.code).toBe('DUP_TRANSACTION_ERROR');
      const burned = await mine(await usdtTx(erin, frank.address, 1_000_000, 100 * TRX));
      expect(burned.receipt.energy_fee).toBe(burned.receipt.energy_usage_total * ENERGY_FEE);
    });
  });

  describe('refusals at wallet/broadcasttransaction', () => {
    let alice: TronKey;
    let bob: TronKey;
    const refusal = async (tx: Json) => {
      const reply = await broadcast(tx);
      expect(Object.keys(reply).sort()).toEqual(['code', 'message', 'txid']);
      return { code: reply.code, txid: reply.txid, message: text(reply.message) };
    };

    beforeAll(async () => {
      alice = await funded(20);
      bob = await funded(1);
    });

    it('refuses a signature by another key, or none, with SIGERROR', async () => {
      const unsigned = await tronWeb.transactionBuilder.sendTrx(bob.address, TRX, alice.address, {
        blockHeader: await blockHeader(),
      });
      expect(await refusal(unsigned)).toEqual({
        code: 'SIGERROR',
        txid: unsigned.txID,
        message: 'Validate signature error: miss sig or contract',
      });
      const forged = sign(JSON.parse(JSON.stringify(unsigned)), bob);
      expect(await refusal(forged)).toEqual({
        code: 'SIGERROR',
        txid: unsigned.txID,
        message: `Validate signature error: ${forged.signature[0].toLowerCase()} is signed by ${bob.address} but it is not contained of permission.`,
      });
    });

    it('refuses a transaction changed after signing, or a txID that is not sha256(raw_data)', async () => {
      const tx = await trxTx(alice, bob.address, TRX);
      const changed = JSON.parse(JSON.stringify(tx));
      changed.raw_data.contract[0].parameter.value.amount = 2 * TRX;
      const pb = utils.transaction.txJsonToPb(changed);
      changed.raw_data_hex = utils.transaction.txPbToRawDataHex(pb).toLowerCase();
      changed.txID = utils.transaction.txPbToTxID(pb).replace(/^0x/, '');
      const resigned = await refusal(changed);
      expect(resigned.code).toBe('SIGERROR');
      expect(resigned.message).toMatch(/is signed by T\w+ but it is not contained of permission\.$/);
      expect(resigned.message).not.toContain(alice.address);

      expect((await refusal({ ...tx, raw_data: changed.raw_data })).message).toBe(
        'Validate signature error: raw_data_hex is not the encoding of raw_data',
      );
      expect((await refusal({ ...tx, txID: 'ab'.repeat(32) })).code).toBe('SIGERROR');
      expect(createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest('hex')).toBe(tx.txID);
      expect((await mine(tx)).id).toBe(tx.txID);
    });

    it('refuses an unknown reference block with TAPOS_ERROR', async () => {
      const tx = await trxTx(alice, bob.address, TRX, { ref_block_hash: 'ffffffffffffffff' });
      expect(await refusal(tx)).toEqual({
        code: 'TAPOS_ERROR',
        txid: tx.txID,
        message: 'Tapos check error.',
      });
    });

    it('refuses an expiration not after the head or more than 24 h ahead, and one that passed', async () => {
      const { timestamp } = await blockHeader();
      for (const expiration of [timestamp, timestamp + 24 * 3600 * 1000 + 3000]) {
        const tx = await trxTx(alice, bob.address, TRX, { expiration });
        expect(await refusal(tx)).toEqual({
          code: 'TRANSACTION_EXPIRATION_ERROR',
          txid: tx.txID,
          message: 'Transaction expired',
        });
      }
      const late = await trxTx(alice, bob.address, TRX);
      await lab.produceBlocks(21); // 63 s of blocks: past the 60 s tronweb gives
      expect((await refusal(late)).code).toBe('TRANSACTION_EXPIRATION_ERROR');
    });

    it('refuses the same transaction again, pending or mined, with DUP_TRANSACTION_ERROR', async () => {
      const tx = await trxTx(alice, bob.address, TRX);
      expect(await broadcast(tx)).toEqual({ result: true, txid: tx.txID });
      expect(await refusal(tx)).toEqual({
        code: 'DUP_TRANSACTION_ERROR',
        txid: tx.txID,
        message: 'Dup transaction.',
      });
      await lab.produceBlock();
      expect((await refusal(tx)).code).toBe('DUP_TRANSACTION_ERROR');
    });

    it('refuses what the contract rules forbid with CONTRACT_VALIDATE_ERROR in java-tron’s words', async () => {
      const tooMuch = await trxTx(alice, bob.address, 1_000 * TRX);
      expect(await refusal(tooMuch)).toEqual({
        code: 'CONTRACT_VALIDATE_ERROR',
        txid: tooMuch.txID,
        message: 'Contract validate error : Validate TransferContract error, balance is not sufficient.',
      });
      expect((await refusal(await trxTx(alice, lab.usdt.address, TRX))).message).toBe(
        'Contract validate error : Cannot transfer TRX to a smartContract.',
      );
      const stranger = lab.newAccount();
      expect((await refusal(await trxTx(stranger, bob.address, TRX))).message).toBe(
        `Contract validate error : account [${stranger.address}] does not exist`,
      );
      const halfTrx = sign(
        await tronWeb.transactionBuilder.freezeBalanceV2(TRX / 2, 'ENERGY', alice.address, {
          blockHeader: await blockHeader(),
        }),
        alice,
      );
      expect((await refusal(halfTrx)).message).toBe(
        'Contract validate error : frozenBalance must be greater than or equal to 1 TRX',
      );
      const notAContract = await tronWeb.transactionBuilder.triggerSmartContract(
        bob.address,
        'transfer(address,uint256)',
        { feeLimit: 10 * TRX, txLocal: true, blockHeader: await blockHeader() } as never,
        [
          { type: 'address', value: alice.address },
          { type: 'uint256', value: 1 },
        ],
        alice.address,
      );
      expect((await refusal(sign(notAContract.transaction, alice))).message).toBe(
        'Contract validate error : No contract or not a smart contract',
      );
    });

    it('refuses bandwidth the account can neither take free nor pay for with BANDWITH_ERROR', async () => {
      const poor = await funded(0.25);
      await mine(await trxTx(poor, bob.address, 1));
      await mine(await trxTx(poor, bob.address, 1));
      const third = await trxTx(poor, bob.address, 1);
      expect(await refusal(third)).toEqual({
        code: 'BANDWITH_ERROR',
        txid: third.txID,
        message: 'Account resource insufficient error.',
      });
    });

    it('prints the message as text, not hex, when the request is visible', async () => {
      const tx = await trxTx(alice, bob.address, TRX, { ref_block_hash: '0000000000000000' });
      const visible = JSON.parse(JSON.stringify(tx));
      const value = visible.raw_data.contract[0].parameter.value;
      value.owner_address = alice.address;
      value.to_address = bob.address;
      expect(await broadcast({ ...visible, visible: true })).toEqual({
        code: 'TAPOS_ERROR',
        txid: tx.txID,
        message: 'Tapos check error.',
      });
    });
  });

  it('drops a pending transaction whose expiration passes before its block', async () => {
    const payer = await funded(5);
    const payee = await funded(1);
    const tx = await trxTx(payer, payee.address, TRX);
    expect(await broadcast(tx)).toEqual({ result: true, txid: tx.txID });
    expect(await call('wallet/gettransactionlistfrompending')).toEqual({ txId: [tx.txID] });
    // java-tron's store already holds a pending transaction: gettransactionbyid finds it, info does not.
    expect((await call('wallet/gettransactionbyid', { value: tx.txID })).txID).toBe(tx.txID);
    expect(await call('wallet/gettransactioninfobyid', { value: tx.txID })).toEqual({});
    await lab.produceBlock({ skipSlots: 20 });
    expect(await call('wallet/gettransactionlistfrompending')).toEqual({});
    expect(await call('wallet/gettransactionbyid', { value: tx.txID })).toEqual({});
    expect(await balanceOf(payer.address)).toBe(5 * TRX);
  });

  it('answers a lost broadcast {result:true} and never mines it; a rebroadcast lands', async () => {
    const payer = await funded(5);
    const payee = await funded(1);
    const tx = await trxTx(payer, payee.address, TRX);
    lab.loseTransactions(1);
    expect(await broadcast(tx)).toEqual({ result: true, txid: tx.txID });
    await lab.produceBlock();
    expect(await call('wallet/gettransactioninfobyid', { value: tx.txID })).toEqual({});
    expect((await mine(tx)).id).toBe(tx.txID);
  });

  it('a transaction lost for good stays lost when sent again, until it expires', async () => {
    const payer = await funded(5);
    const payee = await funded(1);
    const tx = await trxTx(payer, payee.address, TRX);
    lab.loseTransactions(1, { forGood: true });
    for (let i = 0; i < 3; i++) {
      expect(await broadcast(tx)).toEqual({ result: true, txid: tx.txID });
      await lab.produceBlock();
    }
    expect(await call('wallet/gettransactioninfobyid', { value: tx.txID })).toEqual({});
    // Others are not lost meanwhile.
    const other = await trxTx(payer, payee.address, 2 * TRX);
    expect((await mine(other)).id).toBe(other.txID);
  });

  it('rolls back: dropped transactions vanish with their TRX and token effects; solid blocks stay', async () => {
    const ivy = await funded(50);
    const jack = await funded(1);
    await lab.mintUsdt(ivy.address, 10_000_000n);
    const before = await balanceOf(ivy.address);
    const trx = await trxTx(ivy, jack.address, 2 * TRX);
    const usdt = await usdtTx(ivy, jack.address, 3_000_000, 100 * TRX);
    for (const tx of [trx, usdt]) expect((await broadcast(tx)).result).toBe(true);
    await lab.produceBlock();
    expect(await lab.usdtBalance(jack.address)).toBe(3_000_000n);
    const kept = await trxTx(ivy, jack.address, TRX);
    const keptInfo = await mine(kept);
    const oldId = (await call('wallet/getblockbynum', { num: keptInfo.blockNumber })).blockID;

    await lab.rollback({ depth: 2, drop: [trx.txID, usdt.txID] });
    for (const tx of [trx, usdt]) {
      expect(await call('wallet/gettransactioninfobyid', { value: tx.txID })).toEqual({});
      expect(await call('wallet/gettransactionbyid', { value: tx.txID })).toEqual({});
    }
    const replayed = await call('wallet/gettransactioninfobyid', { value: kept.txID });
    expect(replayed.blockNumber).toBe(keptInfo.blockNumber);
    const newBlock = await call('wallet/getblockbynum', { num: keptInfo.blockNumber });
    expect(newBlock.blockID).not.toBe(oldId);
    expect(newBlock.transactions.map((t: Json) => t.txID)).toEqual([kept.txID]);
    expect((await call('wallet/getnowblock')).block_header.raw_data.number).toBe(keptInfo.blockNumber + 1);
    expect(await balanceOf(ivy.address)).toBe(before - TRX - (replayed.fee ?? 0));
    expect(await balanceOf(jack.address)).toBe(2 * TRX);
    expect(await lab.usdtBalance(ivy.address)).toBe(10_000_000n);
    expect(await lab.usdtBalance(jack.address)).toBe(0n);

    const onOldFork = await trxTx(ivy, jack.address, TRX, {
      ref_block_bytes: keptInfo.blockNumber.toString(16).padStart(4, '0'),
      ref_block_hash: oldId.slice(16, 32),
    });
    expect((await broadcast(onOldFork)).code).toBe('TAPOS_ERROR');
    await expect(lab.rollback({ depth: SOLID_DEPTH + 1 })).rejects.toThrow(/solidified/);
  });

  it('replays calls and mints on repeated forks over the same blocks', async () => {
    const ivy = await funded(500);
    const jack = await funded(1);
    const usdtOf = async (key: TronKey) => {
      const reply = await call('wallet/triggerconstantcontract', {
        owner_address: key.address,
        contract_address: lab.usdt.address,
        function_selector: 'balanceOf(address)',
        parameter: word(key.hexAddress.slice(2)),
        visible: true,
      });
      return BigInt(`0x${reply.constant_result[0]}`);
    };
    const balances = async () => [await usdtOf(ivy), await usdtOf(jack)];
    await lab.mintUsdt(ivy.address, 10n);
    const first = await mine(await usdtTx(ivy, jack.address, 1, 100 * TRX));
    await lab.mintUsdt(ivy.address, 5n);
    const second = await mine(await usdtTx(ivy, jack.address, 2, 100 * TRX));
    expect(await balances()).toEqual([12n, 3n]);
    await lab.rollback({ depth: 2, drop: [first.id] });
    expect(await balances()).toEqual([13n, 2n]);
    await lab.rollback({ depth: 2 });
    expect(await balances()).toEqual([13n, 2n]);
    await lab.rollback({ depth: 4, drop: [second.id] });
    expect(await balances()).toEqual([15n, 0n]);
  });

  it('answers walletsolidity/* as of solidDepth blocks behind the head', async () => {
    const payer = await funded(5);
    const payee = await funded(1);
    const tx = await trxTx(payer, payee.address, TRX);
    const info = await mine(tx);
    const head = (await call('wallet/getnowblock')).block_header.raw_data.number;
    expect((await call('walletsolidity/getnowblock')).block_header.raw_data.number).toBe(head - SOLID_DEPTH);
    expect(await call('walletsolidity/getblockbynum', { num: head })).toEqual({});
    expect(await call('walletsolidity/gettransactioninfobyid', { value: tx.txID })).toEqual({});
    expect(await call('walletsolidity/gettransactionbyid', { value: tx.txID })).toEqual({});
    await lab.produceBlocks(SOLID_DEPTH - 1);
    expect(await call('walletsolidity/gettransactioninfobyid', { value: tx.txID })).toEqual({});
    await lab.produceBlock();
    expect(await call('walletsolidity/gettransactioninfobyid', { value: tx.txID })).toEqual(info);
    expect((await call('walletsolidity/getaccount', { address: payee.address, visible: true })).balance).toBe(
      2 * TRX,
    );
  });

  it('builds transactions node-side as createtransaction and triggersmartcontract do', async () => {
    const payer = await funded(50);
    const payee = await funded(1);
    await lab.mintUsdt(payer.address, 1_000_000n);
    const created = await call('wallet/createtransaction', {
      owner_address: payer.address,
      to_address: payee.address,
      amount: TRX,
      visible: true,
    });
    expect(created.visible).toBe(true);
    expect(created.raw_data.contract[0].parameter.value).toEqual({
      amount: TRX,
      owner_address: payer.address,
      to_address: payee.address,
    });
    expect(createHash('sha256').update(Buffer.from(created.raw_data_hex, 'hex')).digest('hex')).toBe(
      created.txID,
    );
    expect((await mine(sign(created, payer))).id).toBe(created.txID);
    const unpayable = await call('wallet/createtransaction', {
      owner_address: payer.hexAddress,
      to_address: payee.hexAddress,
      amount: 1_000_000 * TRX,
    });
    expect(unpayable.Error).toMatch(
      /ContractValidateException : Validate TransferContract error, balance is not sufficient/,
    );

    const trigger = await call('wallet/triggersmartcontract', {
      ...transferCall(payer, payee.address, 1),
      fee_limit: 50 * TRX,
    });
    expect(trigger.result).toEqual({ result: true });
    expect(trigger.transaction.raw_data.fee_limit).toBe(50 * TRX);
    expect((await mine(sign(trigger.transaction, payer))).receipt.result).toBe('SUCCESS');
    const balance = await call('wallet/triggerconstantcontract', {
      contract_address: lab.usdt.address,
      function_selector: 'balanceOf(address)',
      parameter: word(payee.hexAddress.slice(2)),
      visible: true,
    });
    expect(balance.constant_result).toEqual([word('1')]);
    expect(await lab.usdtBalance(payee.address)).toBe(1n);
    // tronweb's contract().at() reads the ABI from wallet/getcontract.
    const usdt = await tronWeb.contract().at(lab.usdt.address);
    expect(Number(await usdt.decimals().call())).toBe(6);
    expect(BigInt(await usdt.balanceOf(payee.address).call())).toBe(1n);
  });

  it('prints blocks as java-tron does, GET or POST, visible or not, int64 as strings on request', async () => {
    const { block } = await call('wallet/getblockbylimitnext', { startNum: 1, endNum: 4 });
    expect(block.map((b: Json) => b.block_header.raw_data.number)).toEqual([1, 2, 3]);
    for (const b of block)
      expect(b.blockID.slice(0, 16)).toBe(b.block_header.raw_data.number.toString(16).padStart(16, '0'));
    expect(block[1].block_header.raw_data.parentHash).toBe(block[0].blockID);
    expect((await call('wallet/getblockbynum', { num: 0 })).blockID).toBe(lab.genesisBlockId);
    const get = async (query: string) => (await (await fetch(`${lab.url}/${query}`)).json()) as Json;
    const raw = await get('wallet/getblock?id_or_num=1&detail=true&int64_as_string=true');
    expect(raw.block_header.raw_data.number).toBe('1');
    expect(typeof raw.block_header.raw_data.timestamp).toBe('string');
    expect(typeof (await get('wallet/getnowblock')).block_header.raw_data.number).toBe('number');
    const account = await get(`wallet/getaccount?address=${lab.usdt.hexAddress}`);
    expect(account).toMatchObject({ address: lab.usdt.hexAddress, type: 'Contract' });
    expect((await call('wallet/getaccount', { address: lab.usdt.address, visible: true })).address).toBe(
      lab.usdt.address,
    );
    expect((await fetch(`${lab.url}/wallet/nosuchthing`)).status).toBe(404);
  });
});

describe('Tron lab producing blocks on a timer behind an API key', () => {
  it('answers only with TRON-PRO-API-KEY and mines without being asked', async () => {
    const lab = await startTronLab({ blockMs: 200, apiKey: 'lab-key' });
    try {
      const head = async (headers: Record<string, string>) => {
        const response = await fetch(`${lab.url}/wallet/getnowblock`, { method: 'POST', headers });
        return { status: response.status, body: (await response.json()) as Json };
      };
      expect((await head({})).status).toBe(401);
      const first = (await head({ 'TRON-PRO-API-KEY': 'lab-key' })).body.block_header.raw_data.number;
      const key = lab.newAccount();
      await lab.fund(key.address, 2n * BigInt(TRX));
      expect(lab.trxBalance(key.address)).toBe(2n * BigInt(TRX));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(
        (await head({ 'TRON-PRO-API-KEY': 'lab-key' })).body.block_header.raw_data.number,
      ).toBeGreaterThan(first + 1);
    } finally {
      await lab.stop();
    }
  });
});
