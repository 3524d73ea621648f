const Database = require('better-sqlite3');
const { performance } = require('node:perf_hooks');
const db = new Database(':memory:');
const proto = Object.getPrototypeOf(db.prepare('select 1'));
const stats = new Map();
for (const m of ['run', 'all', 'get', 'iterate']) {
  const orig = proto[m];
  proto[m] = function (...a) { const t = performance.now(); try { return orig.apply(this, a); } finally { const k = m + ' ' + this.source.replace(/\s+/g, ' ').slice(0, 130); const s = stats.get(k) || [0, 0]; s[0]++; s[1] += performance.now() - t; stats.set(k, s); } };
}
process.on('exit', () => { const rows = [...stats].sort((a, b) => b[1][1] - a[1][1]).slice(0, 22); for (const [k, [n, t]] of rows) console.error(t.toFixed(0).padStart(6) + 'ms ' + String(n).padStart(6) + ' ' + (t/n*1000).toFixed(1).padStart(7)+'us ' + k); });
