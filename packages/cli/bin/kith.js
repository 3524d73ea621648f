#!/usr/bin/env node
// The `kith` command. Committed with its run bit, so npm links a working command
// even before the first build writes dist/ (npm links bins at install time).
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const entry = join(__dirname, '..', 'dist', 'bin', 'kith.js');
if (!existsSync(entry)) {
  process.stderr.write(
    `kith: @kith/cli is not built (no ${entry}): run \`npm run build\` (or \`npx tsc -b packages/cli\`) in the Kith workspace first\n`,
  );
  process.exit(1);
}
require(entry);
