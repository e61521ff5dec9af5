// `node -r ./tools/ts-register.js apps/<app>/src/main.ts`: runs a service from its TypeScript
// sources, compiled file by file with SWC as tools/build.js does (the @swap/* aliases rewritten).
// For tests that start a real service process without depending on, or rewriting, dist/.
const fs = require('fs');
const path = require('path');
const swc = require('@swc/core');

const root = path.resolve(__dirname, '..');
const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;
const { paths } = require(path.join(root, 'tsconfig.base.json')).compilerOptions;

require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    ...swcrc,
    swcrc: false,
    filename,
    sourceMaps: 'inline',
    jsc: { ...swcrc.jsc, baseUrl: root, paths },
  });
  module._compile(code, filename);
};
