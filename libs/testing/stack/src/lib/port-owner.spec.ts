import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, Server } from 'node:net';
import { listensOn } from './port-owner';

async function listen(server: Server): Promise<number> {
  server.listen(0, '0.0.0.0');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return address.port;
}

describe('listensOn', () => {
  it('knows which process holds a listening port', async () => {
    const server = createServer();
    const port = await listen(server);
    try {
      expect(listensOn(process.pid, port)).toBe(true);
      server.close();
      await once(server, 'close');
      expect(listensOn(process.pid, port)).toBe(false);
    } finally {
      server.close();
    }
  });

  it('does not take another process listening on the port for this one', async () => {
    const child = spawn(process.execPath, [
      '-e',
      "const s = require('net').createServer().listen(0, '0.0.0.0', () => console.log(s.address().port))",
    ]);
    try {
      const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
      const port = Number(chunk.toString().trim());
      expect(listensOn(child.pid ?? 0, port)).toBe(true);
      expect(listensOn(process.pid, port)).toBe(false);
    } finally {
      child.kill();
    }
  });
});
