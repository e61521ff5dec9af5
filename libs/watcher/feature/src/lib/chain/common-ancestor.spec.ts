import { ScriptedChain } from '../../test/scripted-chain';
import { findCommonAncestor } from './common-ancestor';

/** The hashes a follower would have kept: the top `count` blocks of the chain as it was. */
async function keep(chain: ScriptedChain, count: number): Promise<Map<number, string>> {
  const kept = new Map<number, string>();
  for (let h = chain.height; h > chain.height - count; h--) kept.set(h, (await chain.blockAt(h))!.hash);
  return kept;
}

describe('findCommonAncestor', () => {
  it('finds the highest kept block still on the best chain', async () => {
    const chain = new ScriptedChain('BTC', 20);
    const kept = await keep(chain, 10);
    chain.reorg(3);

    expect(await findCommonAncestor(chain, kept, 20)).toEqual({
      block: { height: 17, hash: 'btc-17-f0' },
      beyondKept: false,
    });
  });

  it('returns the cursor itself when nothing changed', async () => {
    const chain = new ScriptedChain('BTC', 20);
    expect(await findCommonAncestor(chain, await keep(chain, 5), 20)).toEqual({
      block: { height: 20, hash: 'btc-20-f0' },
      beyondKept: false,
    });
  });

  it('falls back to the block below the kept ones when the reorganisation is deeper', async () => {
    const chain = new ScriptedChain('BTC', 20);
    const kept = await keep(chain, 3);
    chain.reorg(5);

    expect(await findCommonAncestor(chain, kept, 20)).toEqual({
      block: { height: 17, hash: 'btc-17-f1' },
      beyondKept: true,
    });
  });

  it('goes back before the first block when every block was replaced', async () => {
    const chain = new ScriptedChain('BTC', 4);
    const kept = await keep(chain, 5);
    chain.reorg(5);

    expect(await findCommonAncestor(chain, kept, 4)).toEqual({ block: null, beyondKept: false });
  });
});
