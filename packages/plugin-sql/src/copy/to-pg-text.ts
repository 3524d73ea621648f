import { fromFloat32Blob } from '../shared/vectors/float32-blob';

/** A SQLite value as it comes out of better-sqlite3. */
export type SqliteValue = string | number | bigint | Buffer | null;

/** Epoch values below this are seconds (drizzle's `timestamp` mode), above it milliseconds (`timestamp_ms`). */
const SECONDS_BELOW = 1e11;

function vectorText(blob: Uint8Array): string {
  const floats = fromFloat32Blob(blob);
  let text = '[';
  for (let i = 0; i < floats.length; i++) text += (i === 0 ? '' : ',') + floats[i];
  return `${text}]`;
}

/** One element of a PostgreSQL array literal, quoted. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * A SQLite value as the text PostgreSQL reads into a column of type
 * `typname` (pg_type.typname; arrays start with `_`): every value travels
 * as text and is cast in SQL, so one statement shape fits every table.
 * SQLite keeps booleans as 0/1, JSON as text, vectors as float32 bytes and
 * timestamps as epoch numbers; those are turned into PostgreSQL's forms.
 */
export function toPgText(value: SqliteValue, typname: string): string | null {
  if (value === null || value === undefined) return null;
  switch (typname) {
    case 'bool':
      return typeof value === 'string' ? value : Number(value) !== 0 ? 't' : 'f';
    case 'bytea':
      return `\\x${(Buffer.isBuffer(value) ? value : Buffer.from(String(value), 'utf8')).toString('hex')}`;
    case 'vector':
    case 'halfvec':
      return Buffer.isBuffer(value) ? vectorText(value) : String(value);
    case 'timestamp':
    case 'timestamptz':
    case 'date':
      if (typeof value === 'number' || typeof value === 'bigint') {
        const n = Number(value);
        return new Date(Math.abs(n) < SECONDS_BELOW ? n * 1000 : n).toISOString();
      }
      return Buffer.isBuffer(value) ? value.toString('utf8') : value;
  }
  if (Buffer.isBuffer(value)) {
    // Bytes in a JSON or text column: only UTF-8 text makes sense there.
    return value.toString('utf8');
  }
  if (typname.startsWith('_') && typeof value === 'string' && value.startsWith('[')) {
    // A JSON array (how a SQLite table keeps a list) into an array literal.
    try {
      const items = JSON.parse(value) as unknown;
      if (Array.isArray(items)) return `{${items.map(arrayElement).join(',')}}`;
    } catch {
      // not JSON: PostgreSQL says what it thinks of the text
    }
  }
  return typeof value === 'string' ? value : String(value);
}
