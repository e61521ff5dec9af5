import { id as keccakSelector, keccak256 } from 'ethers';
import { toHex, toHexAddress } from './address';
import { actuate, type SystemContract } from './actuators';
import { buildTransaction, type BuildableContract } from './builder';
import { address, compact, errorReply, hexField, i64, type JsonObject } from './json';
import type { ApiRequest, LabCore, Route } from './route-context';
import { cloneState, TxRejected } from './state';
import { transactionJson } from './transaction-json';
import { addressField, hex, int, parseContractValue } from './transaction-parse';
import { tokenAbiJson } from './token-abi';
import { constantCall } from './vm-call';

/** owner(): the test token's deployer, its origin_address. */
const OWNER_SELECTOR = '8da5cb5b';

const text = (message: string, visible: boolean) =>
  visible ? message : toHex(new TextEncoder().encode(message));

/** Util.parseMethod: the selector's 4-byte keccak then the hex parameter; else the raw `data`. */
function callData(params: Record<string, unknown>): string {
  const selector = params.function_selector;
  if (typeof selector === 'string' && selector !== '')
    return keccakSelector(selector).slice(2, 10) + hex(params.parameter, 'parameter');
  return hex(params.data, 'data');
}

function triggerContract(req: ApiRequest): Extract<BuildableContract, { type: 'TriggerSmartContract' }> {
  const { params, visible } = req;
  return {
    type: 'TriggerSmartContract',
    owner: addressField(params.owner_address, visible, 'owner_address'),
    contract: addressField(params.contract_address, visible, 'contract_address'),
    callValue: int(params.call_value, 'call_value'),
    data: callData(params),
    callTokenValue: int(params.call_token_value, 'call_token_value'),
    tokenId: int(params.token_id, 'token_id'),
  };
}

/** A TransactionExtention's transaction: the built transaction plus `visible` (and `ret` if run). */
const extension = (tx: ReturnType<typeof buildTransaction>, visible: boolean, ret?: JsonObject): JsonObject =>
  compact({ ret: ret && [ret], visible, ...transactionJson(tx, visible) });

const notAContract = (visible: boolean) => ({
  result: { code: 'CONTRACT_VALIDATE_ERROR', message: text('Smart contract is not exist.', visible) },
});

/** wallet/triggerconstantcontract and wallet/estimateenergy run the call on anvil and undo it. */
async function runConstant(req: ApiRequest, lab: LabCore) {
  const contract = triggerContract(req);
  if (lab.chain.head.state.accounts.get(contract.contract)?.type !== 'Contract') return undefined;
  const from = `0x${(contract.owner || `41${'00'.repeat(20)}`).slice(2)}`;
  const call = { from, to: `0x${contract.contract.slice(2)}`, data: contract.data };
  const outcome = await lab.chain.readEvm((evm) => constantCall(evm, call, lab.energyPerGas));
  return { contract, outcome };
}

export const contractRoutes: Record<string, Route> = {
  triggerconstantcontract: async (req, lab) => {
    const run = await runConstant(req, lab);
    if (!run) return notAContract(req.visible);
    const { contract, outcome } = run;
    const tx = buildTransaction(contract, lab.chain.head);
    return compact({
      result: outcome.ok
        ? { result: true }
        : { result: true, message: text('REVERT opcode executed', req.visible) },
      energy_used: i64(outcome.energy),
      constant_result: [outcome.output],
      logs:
        outcome.logs.length > 0
          ? outcome.logs.map((l) => compact({ address: l.address, topics: l.topics, data: hexField(l.data) }))
          : undefined,
      transaction: extension(tx, req.visible, outcome.ok ? {} : { ret: 'FAILED' }),
    });
  },
  estimateenergy: async (req, lab) => {
    const run = await runConstant(req, lab);
    if (!run) return notAContract(req.visible);
    if (!run.outcome.ok)
      return { result: { code: 'CONTRACT_EXE_ERROR', message: text('REVERT opcode executed', req.visible) } };
    return { result: { result: true }, energy_required: i64(run.outcome.energy) };
  },
  /** Node-side building (TriggerSmartContractServlet): the call is not run, only packed. */
  triggersmartcontract: (req, lab) => {
    const contract = triggerContract(req);
    if (lab.chain.head.state.accounts.get(contract.contract)?.type !== 'Contract')
      return notAContract(req.visible);
    const tx = buildTransaction(contract, lab.chain.head, {
      feeLimit: int(req.params.fee_limit, 'fee_limit'),
    });
    return { result: { result: true }, transaction: extension(tx, req.visible) };
  },
  getcontract: async (req, lab) => {
    const contract = toHexAddress(String(req.params.value ?? ''));
    if (lab.chain.head.state.accounts.get(contract)?.type !== 'Contract') return {};
    const to = `0x${contract.slice(2)}`;
    const [code, owner] = await lab.chain.readEvm((evm) =>
      Promise.all([evm.rpc<string>('eth_getCode', [to, 'latest']), evm.call(to, to, OWNER_SELECTOR)]),
    );
    return compact({
      origin_address: address(`41${owner.output.slice(-40)}`, req.visible),
      contract_address: address(contract, req.visible),
      abi: tokenAbiJson(),
      bytecode: code.replace(/^0x/, ''),
      consume_user_resource_percent: i64(100),
      name: 'TestUsdt',
      origin_energy_limit: i64(10_000_000),
      code_hash: keccak256(code).slice(2),
    });
  },
  createtransaction: (req, lab) => buildSystem('TransferContract', req, lab),
  freezebalancev2: (req, lab) => buildSystem('FreezeBalanceV2Contract', req, lab),
  delegateresource: (req, lab) => buildSystem('DelegateResourceContract', req, lab),
  undelegateresource: (req, lab) => buildSystem('UnDelegateResourceContract', req, lab),
};

/** Wallet.createTransactionCapsule: the actuator validates against the head, then the transaction is packed. */
function buildSystem(type: SystemContract['type'], req: ApiRequest, lab: LabCore): JsonObject {
  const contract = parseContractValue(type, req.params, req.visible) as SystemContract;
  const head = lab.chain.head;
  try {
    actuate(contract, {
      state: cloneState(head.state),
      params: lab.params,
      now: Math.floor(head.timestamp / 3000),
      headTime: head.timestamp,
    });
  } catch (err) {
    if (!(err instanceof TxRejected)) throw err;
    return errorReply('org.tron.core.exception.ContractValidateException', err.message);
  }
  return extension(buildTransaction(contract, head), req.visible);
}
