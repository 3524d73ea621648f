import { type CopyReport, missingRows, type TableCopyReport } from '@kith/plugin-sql';

const number = (n: number): string => n.toLocaleString('en-US');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function status(table: TableCopyReport): string {
  const missing = missingRows(table);
  if (table.skipped) return `${missing > 0 ? 'NOT COPIED' : 'skipped'}: ${table.skipped}`;
  if (missing > 0) return `${number(missing)} MISSING`;
  if (table.verified === null) return 'ok (no key: counted, not looked up)';
  return 'ok';
}

/**
 * The report `kith db copy` prints: per table, the rows of the file, those
 * added now, those PostgreSQL had already, and those the check found there,
 * then the totals and the rate.
 */
export function formatCopyReport(report: CopyReport): string {
  const header = ['table', 'in SQLite', 'copied now', 'already there', 'in PostgreSQL', ''];
  const rows = report.tables.map((t) => [
    t.table,
    number(t.source),
    number(t.inserted),
    number(t.existing),
    t.verified === null ? '-' : number(t.verified),
    status(t),
  ]);
  const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : i === cells.length - 1 ? cell : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [line(header), ...rows.map(line)];
  for (const table of report.tables) {
    if (table.failed > 0)
      out.push(
        `  ${table.table}: PostgreSQL refused ${number(table.failed)} row${table.failed === 1 ? '' : 's'}, e.g. ${table.errors.join('; ')}`,
      );
    if (table.droppedColumns.length > 0)
      out.push(`  ${table.table}: columns PostgreSQL's table lacks, not copied: ${table.droppedColumns.join(', ')}`);
  }
  const missing = report.tables.reduce((sum, table) => sum + missingRows(table), 0);
  out.push(
    `${number(report.rows)} rows read, ${number(report.inserted)} copied, in ${seconds(report.ms)} (${number(report.rowsPerSecond)} rows/s). ` +
      (missing === 0
        ? 'Check: every row of the file is in PostgreSQL.'
        : `Check: ${number(missing)} row${missing === 1 ? '' : 's'} of the file not in PostgreSQL.`),
  );
  return out.join('\n');
}
