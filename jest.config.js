// One `jest` run proves the tree: pure unit tests, then integration and end-to-end suites against
// the real PostgreSQL and NATS JetStream (each suite gets its own database and its own nats-server).
const fs = require('fs');
const os = require('os');
const path = require('path');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;
const { paths } = require('./tsconfig.base.json').compilerOptions;
const moduleNameMapper = Object.fromEntries(
  Object.entries(paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]),
);
const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { ...swcrc, swcrc: false }],
    // @noble/* and @scure/* ship ESM only; jest's module system needs CommonJS.
    '^.+\\.m?js$': ['@swc/jest', { swcrc: false, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@noble|@scure)/)'],
  moduleNameMapper,
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.data/'],
};

module.exports = {
  // Two suites at a time even on two cores (jest's default would be one): the end-to-end suites
  // spend most of their time waiting for blocks, timers and restarts, and every suite has its own
  // database, nats-server and ports, so the whole run takes about half as long. What would starve
  // is two stacks loading their services at once: Stack.start boots one stack at a time on the
  // machine (boot-lock.ts), and a service's start-up wait lasts as long as it makes progress.
  maxWorkers: Math.max(2, (os.availableParallelism?.() ?? os.cpus().length) - 1),
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts', '<rootDir>/test/deploy/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/integration.setup.js'],
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/integration.setup.js'],
    },
  ],
};
