import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../../../..');

describe('api-types.generated.ts', () => {
  it('is what npm run sdk:types makes of the gateway’s OpenAPI document now', () => {
    // Generated afresh in a process of its own (prettier loads its plugins with import(), which
    // jest's module system does not run). Stale after a change to a request body, a response
    // model or a route: run npm run sdk:types.
    const generated = execFileSync(process.execPath, [join(root, 'tools/sdk-types.js'), '--stdout'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(readFileSync(join(__dirname, 'api-types.generated.ts'), 'utf8')).toBe(generated);
  }, 60_000);
});
