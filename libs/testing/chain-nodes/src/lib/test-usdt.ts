import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contract, ContractFactory, parseEther, Wallet, type InterfaceAbi } from 'ethers';
import type { Anvil } from './anvil';

/** A 6-decimal ERC-20 standing in for USDT on an anvil (source: test-usdt.sol). */
export interface TestUsdt {
  address: string;
  /** Mints from the owner; on a noMining anvil this mines a block, with whatever else waits. */
  mint(to: string, amount: bigint): Promise<void>;
  balanceOf(address: string): Promise<bigint>;
}

interface Compiled {
  abi: InterfaceAbi;
  bytecode: string;
}

const SOURCE_FILE = 'test-usdt.sol';

/** Deploys a fresh TestUsdt, owned by a throwaway key this function funds itself. */
export async function deployTestUsdt(anvil: Anvil): Promise<TestUsdt> {
  const { abi, bytecode } = await compiledOnce();
  const owner = Wallet.createRandom(anvil.provider);
  await anvil.setBalance(owner.address, parseEther('10'));
  const landed = async (hash: string) => {
    if (!anvil.automine) await anvil.mine();
    const receipt = await anvil.provider.getTransactionReceipt(hash);
    if (receipt?.status !== 1) throw new Error(`test USDT transaction ${hash} did not succeed`);
    return receipt;
  };
  const deployment = await owner.sendTransaction(
    await new ContractFactory(abi, bytecode).getDeployTransaction(),
  );
  const address = (await landed(deployment.hash)).contractAddress;
  if (!address) throw new Error('test USDT deployment has no contract address');
  const contract = new Contract(address, abi, owner);
  return {
    address,
    mint: async (to, amount) => {
      const tx = await contract.getFunction('mint').send(to, amount);
      await landed(tx.hash);
    },
    balanceOf: async (holder) => BigInt(await contract.getFunction('balanceOf').staticCall(holder)),
  };
}

/**
 * Compiling takes seconds: the first suite compiles and caches the result in the temp dir under
 * the source's hash; parallel suites wait on its lock file and read the cache.
 */
async function compiledOnce(): Promise<Compiled> {
  const source = readFileSync(join(__dirname, SOURCE_FILE), 'utf8');
  const key = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const cacheFile = join(tmpdir(), `swap-test-usdt-${key}.json`);
  const lockFile = `${cacheFile}.lock`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return JSON.parse(readFileSync(cacheFile, 'utf8')) as Compiled;
    } catch {
      // not compiled yet
    }
    let lock: number | undefined;
    try {
      lock = openSync(lockFile, 'wx');
    } catch {
      // Another process compiles; a lock left by a killed one goes stale.
      if (Date.now() - lockAge(lockFile) > 30_000) rmSync(lockFile, { force: true });
    }
    if (lock !== undefined) {
      try {
        const compiled = await compile(source);
        writeFileSync(`${cacheFile}.${process.pid}`, JSON.stringify(compiled));
        renameSync(`${cacheFile}.${process.pid}`, cacheFile);
        return compiled;
      } finally {
        closeSync(lock);
        rmSync(lockFile, { force: true });
      }
    }
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${lockFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function lockAge(lockFile: string): number {
  try {
    return statSync(lockFile).mtimeMs;
  } catch {
    return Date.now();
  }
}

async function compile(source: string): Promise<Compiled> {
  // Loaded only on a cache miss: solc's compiler is a large WebAssembly module.
  const { default: solc } = await import('solc');
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_FILE]: { content: source } },
    settings: { outputSelection: { '*': { TestUsdt: ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`${SOURCE_FILE}: ${JSON.stringify(errors)}`);
  const contract = output.contracts[SOURCE_FILE].TestUsdt;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}
