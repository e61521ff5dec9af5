import { unreachableAncestor } from './postgres-reach';

const postgres = { uid: 105, gid: 110 };
const tree: Record<string, { mode: number; uid: number; gid: number }> = {
  '/': { mode: 0o755, uid: 0, gid: 0 },
  '/tmp': { mode: 0o1777, uid: 0, gid: 0 },
  '/tmp/ci.AbC': { mode: 0o700, uid: 0, gid: 0 },
  '/tmp/ci.AbC/repo': { mode: 0o755, uid: 0, gid: 0 },
  '/tmp/ci.AbC/repo/.data': { mode: 0o755, uid: 0, gid: 0 },
  '/srv': { mode: 0o750, uid: 0, gid: 110 },
  '/srv/repo': { mode: 0o700, uid: 105, gid: 110 },
  '/srv/repo/.data': { mode: 0o755, uid: 0, gid: 0 },
};
const stat = (path: string) => tree[path];

describe('unreachableAncestor (the embedded PostgreSQL as root)', () => {
  it('names the first directory the postgres user cannot enter', () => {
    expect(unreachableAncestor('/tmp/ci.AbC/repo/.data', postgres, stat)).toBe('/tmp/ci.AbC');
  });

  it('lets it through by the owner, group or other execute bit that applies to it', () => {
    expect(unreachableAncestor('/srv/repo/.data', postgres, stat)).toBeNull();
    expect(unreachableAncestor('/tmp', postgres, stat)).toBeNull();
  });
});
