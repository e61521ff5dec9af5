import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { natsPermissions } from '@swap/bus';
import { busAccessOf } from '@swap/contracts';

/**
 * deploy/instant-swap/files/nats-permissions.json is what the chart grants each bus identity in
 * nats-server's authorization block. It is generated from BUS_ACCESS, and must be what the
 * generator makes of it now: a contract added to a service without regenerating it would leave the
 * deployed service without its permission.
 */
const ROOT = path.resolve(__dirname, '../..');
const FILE = path.join(ROOT, 'deploy/instant-swap/files/nats-permissions.json');

describe('the chart’s bus permissions', () => {
  it('are what `npm run bus:permissions` generates from BUS_ACCESS now', () => {
    // In a process of its own, as npm runs it (prettier loads its plugins with import(), which jest's
    // module system does not run). Stale after a change to BUS_ACCESS or natsPermissions.
    const check = spawnSync(process.execPath, [path.join(ROOT, 'tools/bus-permissions.js'), '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
  }, 60_000);

  it('grant each identity the permissions natsPermissions gives it, without and with the devnet', () => {
    const file = JSON.parse(readFileSync(FILE, 'utf8'));
    expect(Object.keys(file.withoutDevnet)).not.toContain('devnet');
    expect(file.withoutDevnet.gateway).toEqual(
      natsPermissions('gateway', busAccessOf('gateway', { devnet: false })),
    );
    expect(file.withDevnet.watcher).toEqual(
      natsPermissions('watcher', busAccessOf('watcher', { devnet: true })),
    );
    // The chain users call the devnet only where it runs.
    expect(file.withoutDevnet.treasury.publish.allow).not.toContain('devnet.rpc.tip');
    expect(file.withDevnet.treasury.publish.allow).toContain('devnet.rpc.tip');
  });
});
