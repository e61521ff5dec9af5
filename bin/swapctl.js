#!/usr/bin/env node
// Operator CLI entry point: builds the tree when sources changed, then runs the swapctl app.
const { execFileSync } = require('child_process');
const path = require('path');

const root = path.resolve(__dirname, '..');
execFileSync(process.execPath, [path.join(root, 'tools/build.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
require(path.join(root, 'dist/apps/swapctl/src/main.js'));
