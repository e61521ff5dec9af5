import { getBase58Encoder, getBase64Decoder } from '@solana/kit';
import { bankFor, context, type Methods } from './bank';
import type { Leader } from './leader';
import type { Ledger } from './ledger';
import { boolOf, configAt, stringAt, type Config, type Params } from './params';
import { invalidParams, rpcErrors } from './rpc-error';
import type { Simulation } from './runtime';
import { innerInstructionsJson } from './tx-json';
import { decodeTransaction, signaturesVerify, type DecodedTx } from './wire';

const PACKET_DATA_SIZE = 1232;
const MAX_ENCODED_SIZE = { base58: 1683, base64: 1644 };
const TX_TYPE = 'solana_transaction::versioned::VersionedTransaction';

const base64 = getBase64Decoder();

/** sendTransaction (preflight, then the leader) and simulateTransaction. */
export function sendMethods(ledger: Ledger, leader: Leader): Methods {
  return {
    sendTransaction: async (params) => {
      const config = configAt(params, 1);
      const tx = transactionAt(params, config);
      bankFor(ledger, config, 'preflightCommitment');
      if (!boolOf(config, 'skipPreflight', false)) {
        if (!(await signaturesVerify(tx))) throw rpcErrors.signatureVerification();
        const failure = ledger.preflight(tx);
        if (failure) {
          throw rpcErrors.preflightFailure(`Transaction simulation failed: ${failure.err?.message}`, {
            ...simulationJson(failure),
            accounts: null,
            innerInstructions: null,
            replacementBlockhash: null,
          });
        }
      }
      // Whatever the leader does with it, the RPC only ever answers the signature.
      leader.receive(tx);
      return tx.signature;
    },
    simulateTransaction: async (params) => {
      const config = configAt(params, 1);
      const tx = transactionAt(params, config);
      const bank = bankFor(ledger, config);
      const sigVerify = boolOf(config, 'sigVerify', false);
      const replace = boolOf(config, 'replaceRecentBlockhash', false);
      if (sigVerify && replace) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      if (config.accounts !== undefined && config.accounts !== null) {
        throw invalidParams('the Solana lab does not return accounts from simulateTransaction');
      }
      if (sigVerify && !(await signaturesVerify(tx))) throw rpcErrors.signatureVerification();
      const simulation = ledger.simulate(tx, { sigVerify: false, checkBlockhash: !replace });
      const value = {
        ...simulationJson(simulation),
        accounts: null,
        innerInstructions: boolOf(config, 'innerInstructions', false)
          ? innerInstructionsJson(simulation.innerInstructions)
          : null,
        replacementBlockhash: replace
          ? {
              blockhash: bank.blockhash,
              lastValidBlockHeight: bank.blockHeight + ledger.config.blockhashValidity,
            }
          : null,
      };
      return { context: context(bank), value };
    },
  };
}

function transactionAt(params: Params, config: Config): DecodedTx {
  const encoding = config.encoding ?? 'base58';
  if (encoding !== 'base58' && encoding !== 'base64') {
    throw invalidParams(`unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`);
  }
  return decodeTransaction(wireOf(stringAt(params, 0), encoding));
}

function wireOf(encoded: string, encoding: 'base58' | 'base64'): Uint8Array {
  const max = MAX_ENCODED_SIZE[encoding];
  if (encoded.length > max) {
    throw invalidParams(
      `${encoding} encoded ${TX_TYPE} too large: ${encoded.length} bytes (max: encoded/raw ${max}/${PACKET_DATA_SIZE})`,
    );
  }
  let wire: Uint8Array;
  if (encoding === 'base64') {
    if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) {
      throw invalidParams('invalid base64 encoding: InvalidPadding');
    }
    wire = new Uint8Array(Buffer.from(encoded, 'base64'));
  } else {
    try {
      wire = new Uint8Array(getBase58Encoder().encode(encoded));
    } catch {
      throw invalidParams('invalid base58 encoding: InvalidCharacter');
    }
  }
  if (wire.length > PACKET_DATA_SIZE) {
    throw invalidParams(
      `decoded ${TX_TYPE} too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    );
  }
  return wire;
}

function simulationJson(simulation: Simulation) {
  return {
    err: simulation.err?.json ?? null,
    logs: simulation.logs,
    unitsConsumed: simulation.unitsConsumed,
    returnData: simulation.returnData
      ? {
          programId: simulation.returnData.programId,
          data: [base64.decode(simulation.returnData.data), 'base64'],
        }
      : null,
  };
}
