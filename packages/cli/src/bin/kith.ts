#!/usr/bin/env node
// Quiet by default in the terminal; set before any module creates its logger. `kith chat` keeps the
// terminal for the conversation and reports a failed turn as one line of its own, so its agent logs
// are off unless LOG_LEVEL asks for them.
process.env.LOG_LEVEL ??= process.argv[2] === 'chat' ? 'fatal' : 'warn';
const { main } = require('../program') as typeof import('../program');
void main(process.argv);
