import type { CopyProgress } from '@kith/plugin-sql';

/** How often a progress line is written when the output is not a terminal. */
const LOG_EVERY_MS = 2_000;

/**
 * Progress of `kith db copy` on stderr: one line redrawn in place on a
 * terminal, else a line every 2 s and one as each table's copy ends, with
 * its rate.
 */
export function copyProgressPrinter(stream: NodeJS.WriteStream = process.stderr): {
  update(progress: CopyProgress): void;
  end(): void;
} {
  const tty = stream.isTTY === true;
  let table = '';
  let started = 0;
  let lastLine = 0;
  let drawn = false;
  const describe = (p: CopyProgress) => {
    const rate = p.done / Math.max((performance.now() - started) / 1000, 0.001);
    const share = p.total > 0 ? ` (${Math.floor((p.done / p.total) * 100)}%)` : '';
    return `${p.phase === 'copy' ? 'copying' : 'checking'} ${p.table}: ${p.done.toLocaleString('en-US')} / ${p.total.toLocaleString('en-US')}${share}, ${Math.round(rate).toLocaleString('en-US')} rows/s`;
  };
  return {
    update(p) {
      const key = `${p.phase}:${p.table}`;
      if (key !== table) {
        table = key;
        started = performance.now();
      }
      if (p.total === 0 || (p.done === 0 && !tty)) return;
      const now = performance.now();
      if (tty) {
        stream.write(`\r\x1b[2K${describe(p)}`);
        drawn = true;
      } else if ((p.done === p.total && p.phase === 'copy') || now - lastLine >= LOG_EVERY_MS) {
        lastLine = now;
        stream.write(`${describe(p)}\n`);
      }
    },
    end() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}
