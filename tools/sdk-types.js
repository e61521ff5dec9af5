#!/usr/bin/env node
// `npm run sdk:types`: regenerates libs/shared/sdk/src/lib/api-types.generated.ts from the
// gateway's OpenAPI document (built from its controllers, no service started); `--check` only
// says whether the file is current (exit 1 when stale), `--stdout` prints it instead.
require('./ts-register');
const { main } = require('./sdk-types/generate.ts');

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
