// The baseline: a bare Node `http` server that reads the request and answers a fixed JSON body.
// It runs as its own process, like the gateway, so both see the same load generator.
import { createServer } from 'node:http';

const BODY = JSON.stringify({ code: 0, msg: '', data: { status: 'NEW' } });

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(BODY),
    });
    response.end(BODY);
  });
});
server.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
