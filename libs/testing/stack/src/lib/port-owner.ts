import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';

/**
 * Whether process `pid` holds the listening TCP socket on `port`, read from Linux's /proc. Suites
 * run in parallel: a port found free can be taken by another suite's service before ours binds it,
 * and then that service answers our /readyz. Where /proc cannot be read, it answers true.
 */
export function listensOn(pid: number, port: number): boolean {
  let listening: Set<string>;
  let fds: string[];
  try {
    listening = listeningInodes(port);
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return true;
  }
  return fds.some((fd) => {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      return match !== null && listening.has(match[1]);
    } catch {
      return false; // closed while we looked
    }
  });
}

/** The inodes of the sockets listening on `port` (IPv4 and IPv6). */
function listeningInodes(port: number): Set<string> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length < 10) continue;
      const [, local, , state, , , , , , inode] = columns;
      if (state === LISTEN && local.endsWith(`:${hexPort}`)) inodes.add(inode);
    }
  }
  return inodes;
}
