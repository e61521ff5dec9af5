#!/usr/bin/env node
// `npm run bus:permissions`: regenerates deploy/instant-swap/files/nats-permissions.json, each bus
// identity's NATS permissions as natsPermissions makes them from BUS_ACCESS, which the chart turns
// into nats-server's authorization block; `--check` only says whether the file is current (exit 1
// when stale), `--stdout` prints it instead.
require('./ts-register');
const { main } = require('./bus-permissions/generate.ts');

const mode = process.argv.includes('--check')
  ? 'check'
  : process.argv.includes('--stdout')
    ? 'print'
    : 'write';
main(mode).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
