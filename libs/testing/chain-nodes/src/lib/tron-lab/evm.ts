import { toQuantity } from 'ethers';
import { startAnvil, type Anvil } from '../anvil';
import { deployTestUsdt, type TestUsdt } from '../test-usdt';

/** A Tron log: the contract's 20 bytes (no 41) and hex topics and data without 0x. */
export interface TronLog {
  address: string;
  topics: string[];
  data: string;
}

export interface EvmReceipt {
  success: boolean;
  gasUsed: number;
  logs: TronLog[];
}

interface RpcError {
  code: number;
  message: string;
  data?: string;
}

interface RpcReceipt {
  status: string;
  gasUsed: string;
  logs: Array<{ address: string; topics: string[]; data: string }>;
}

const strip = (hex: string) => hex.replace(/^0x/, '').toLowerCase();
/** Senders are impersonated; they get this much ETH before each call so gas never stops them. */
const GAS_MONEY = toQuantity(10n ** 24n);

/**
 * The TVM side of the lab: an anvil holding the 6-decimal test token. Calls run as the Tron
 * owner's 20 bytes, impersonated, one anvil block per call (automine).
 */
export class TokenEvm {
  private constructor(
    private readonly anvil: Anvil,
    readonly token: TestUsdt,
  ) {}

  static async start(): Promise<TokenEvm> {
    // Tron mainnet's chain id as the TVM reports it (the genesis block id's last 4 bytes).
    const anvil = await startAnvil({ chainId: 728126428 });
    try {
      const token = await deployTestUsdt(anvil);
      const evm = new TokenEvm(anvil, token);
      await evm.rpc('anvil_autoImpersonateAccount', [true]);
      return evm;
    } catch (err) {
      await anvil.stop();
      throw err;
    }
  }

  get tokenAddress(): string {
    return this.token.address.toLowerCase();
  }

  async rpc<T>(method: string, params: unknown[]): Promise<T> {
    const response = await fetch(this.anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: RpcError };
    if (body.error) throw Object.assign(new Error(`${method}: ${body.error.message}`), { rpc: body.error });
    return body.result as T;
  }

  /** The gas the call needs at the current state, or the revert data when it reverts. */
  async estimate(from: string, to: string, data: string): Promise<{ gas: number } | { revert: string }> {
    try {
      return { gas: Number(await this.rpc<string>('eth_estimateGas', [{ from, to, data: `0x${data}` }])) };
    } catch (err) {
      return { revert: strip((err as { rpc?: RpcError }).rpc?.data ?? '') };
    }
  }

  /** eth_call: the return data, or the revert data with ok false. */
  async call(from: string, to: string, data: string): Promise<{ ok: boolean; output: string }> {
    try {
      return {
        ok: true,
        output: strip(await this.rpc<string>('eth_call', [{ from, to, data: `0x${data}` }])),
      };
    } catch (err) {
      return { ok: false, output: strip((err as { rpc?: RpcError }).rpc?.data ?? '') };
    }
  }

  /** Executes and mines the call with the given gas limit. */
  async send(from: string, to: string, data: string, gas: number): Promise<EvmReceipt> {
    await this.rpc('anvil_setBalance', [from, GAS_MONEY]);
    const hash = await this.rpc<string>('eth_sendTransaction', [
      { from, to, data: `0x${data}`, gas: toQuantity(gas) },
    ]);
    const receipt = await this.receipt(hash);
    return {
      success: Number(receipt.status) === 1,
      gasUsed: Number(receipt.gasUsed),
      logs: receipt.logs.map((l) => ({
        address: strip(l.address),
        topics: l.topics.map(strip),
        data: strip(l.data),
      })),
    };
  }

  /** automine mines right after eth_sendTransaction returns, not before: wait for the receipt. */
  private async receipt(hash: string): Promise<RpcReceipt> {
    for (let attempt = 0; attempt < 500; attempt++) {
      const receipt = await this.rpc<RpcReceipt | null>('eth_getTransactionReceipt', [hash]);
      if (receipt) return receipt;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`anvil did not mine ${hash}`);
  }

  /** Runs the call and undoes it: what a constant call would emit and use. */
  async dryRun(from: string, to: string, data: string, gas: number): Promise<EvmReceipt> {
    const id = await this.snapshot();
    try {
      return await this.send(from, to, data, gas);
    } finally {
      await this.revert(id);
    }
  }

  snapshot(): Promise<string> {
    return this.rpc<string>('evm_snapshot', []);
  }

  async revert(id: string): Promise<void> {
    if (!(await this.rpc<boolean>('evm_revert', [id]))) throw new Error(`anvil has no snapshot ${id}`);
  }

  stop(): Promise<void> {
    return this.anvil.stop();
  }
}
