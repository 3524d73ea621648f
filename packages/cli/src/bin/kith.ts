#!/usr/bin/env node
// Quiet by default in the terminal; set before any module creates its logger.
process.env.LOG_LEVEL ??= 'warn';
const { main } = require('../program') as typeof import('../program');
void main(process.argv);
