#!/usr/bin/env node
// Quiet by default in the terminal; set before any module creates its logger. `kith chat` keeps the
// terminal for the conversation and reports a failed turn as one line of its own, so its agent logs
// are off unless LOG_LEVEL asks for them.
process.env.LOG_LEVEL ??= process.argv[2] === 'chat' ? 'fatal' : 'warn';
// `--log-file PATH` (any command): log lines go to PATH as JSON (KITH_LOG_FILE), the terminal keeps the report.
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  if (arg !== '--log-file' && !arg.startsWith('--log-file=')) continue;
  const value = arg === '--log-file' ? process.argv[i + 1] : arg.slice('--log-file='.length);
  if (!value || value.startsWith('-')) {
    process.stderr.write('kith: --log-file needs a path, e.g. --log-file ./kith.log\n');
    process.exit(2);
  }
  process.env.KITH_LOG_FILE = value;
  process.argv.splice(i, arg === '--log-file' ? 2 : 1);
  break;
}
const { main } = require('../program') as typeof import('../program');
// A finished command exits even when a plugin left work running after its agent stopped (plugin-twitter
// 1.2.22's service start retries its login forever), which would keep the process alive after "Stopped.".
void main(process.argv).then(() => process.exit());
