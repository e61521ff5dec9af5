import type { Network } from '@swap/domain';
import { ChainIdentityMismatch } from './chain-identity-mismatch';
import type { ChainIdentityPins, PinnedIdentity } from './identity-pins';
import { PinnedChain } from './pinned-chain';

/** Pins in memory: the SQL store has its own integration suite (chain-identity.int-spec.ts). */
class MemoryPins implements ChainIdentityPins {
  readonly rows = new Map<Network, PinnedIdentity>();
  async pin(network: Network, identity: string): Promise<PinnedIdentity> {
    if (!this.rows.has(network)) this.rows.set(network, { identity, pinnedAt: new Date(0) });
    return this.rows.get(network) as PinnedIdentity;
  }
}

/** A node whose chain and reachability a test switches; it counts what it was asked. */
class SwitchingNode {
  chain = 'genesis aa';
  down = false;
  readonly asked: string[] = [];
  private answer<T>(method: string, value: T): Promise<T> {
    this.asked.push(method);
    return this.down ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')) : Promise.resolve(value);
  }
  identity = () => this.answer('identity', this.chain);
  tip = () => this.answer('tip', { height: 1, hash: 'h' });
  readonly maxBatch = 16;
  readonly energyLending = { activation: 1n, stake: () => this.answer('stake', 5n) };
  readonly replacer = { bump: () => this.answer('bump', []) };
}

function setUp(pins = new MemoryPins()) {
  const node = new SwitchingNode();
  const mismatches: ChainIdentityMismatch[] = [];
  const chain = new PinnedChain('ETH', node, { pins, onMismatch: (m) => mismatches.push(m) });
  return { node, chain, mismatches, pins, guarded: chain.sender(node) };
}

describe('PinnedChain', () => {
  it('pins at the first check and lets uses through on the same chain, asking the identity once', async () => {
    const { node, chain, pins, guarded } = setUp();
    await chain.checkAtStart();
    await Promise.all([guarded.tip(), guarded.tip(), guarded.energyLending.stake(), guarded.replacer.bump()]);
    expect(pins.rows.get('ETH')?.identity).toBe('genesis aa');
    expect(node.asked.filter((m) => m === 'identity')).toHaveLength(1);
    expect(guarded.maxBatch).toBe(16);
    expect(guarded.energyLending.activation).toBe(1n);
    expect((guarded as Partial<SwitchingNode> & { neverLands?: unknown }).neverLands).toBeUndefined();
  });

  it('after a failure, concurrent uses share one identity call; another chain gets none of them', async () => {
    const { node, chain, mismatches, guarded } = setUp();
    await chain.checkAtStart();
    node.down = true;
    await expect(guarded.tip()).rejects.toThrow(/ECONNREFUSED/);
    node.down = false;
    node.chain = 'genesis bb';
    node.asked.length = 0;
    const uses = await Promise.allSettled([
      guarded.tip(),
      guarded.replacer.bump(),
      guarded.energyLending.stake(),
      guarded.tip(),
    ]);
    expect(node.asked).toEqual(['identity']);
    expect(mismatches).toHaveLength(1);
    expect(uses.every((u) => u.status === 'rejected' && u.reason === mismatches[0])).toBe(true);
    expect(mismatches[0]).toMatchObject({
      network: 'ETH',
      found: 'genesis bb',
      pinned: { identity: 'genesis aa' },
    });
  });

  it('a node not answering at start is checked before its first use', async () => {
    const pins = new MemoryPins();
    await pins.pin('ETH', 'genesis bb');
    const { node, chain, mismatches, guarded } = setUp(pins);
    node.down = true;
    await expect(chain.checkAtStart()).resolves.toBeUndefined();
    node.down = false;
    await expect(guarded.tip()).rejects.toBeInstanceOf(ChainIdentityMismatch);
    expect(node.asked.filter((m) => m !== 'identity')).toEqual([]);
    expect(mismatches).toHaveLength(1);
  });

  it('an error the node answered with leaves the check standing', async () => {
    const { node, chain, guarded } = setUp();
    await chain.checkAtStart();
    const refused = Object.assign(new Error('nonce too low'), { name: 'EvmRpcError' });
    node.tip = () => Promise.reject(refused);
    await expect(guarded.tip()).rejects.toBe(refused);
    await expect(guarded.tip()).rejects.toBe(refused);
    expect(node.asked.filter((m) => m === 'identity')).toHaveLength(1);
  });
});
