/**
 * A deep copy of plain data (objects, arrays, dates, maps, sets, typed
 * arrays), so callers can neither change stored rows nor see later changes,
 * as with a real database. Other objects (class instances, functions) are
 * shared. Written out rather than structuredClone, whose copies come from
 * another realm under jest (`instanceof Date` fails).
 */
export function copyValue<T>(value: T, seen = new WeakMap<object, unknown>()): T {
  if (value === null || typeof value !== 'object') return value;
  const cached = seen.get(value);
  if (cached !== undefined) return cached as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return (value as unknown as { slice(): T }).slice();
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(copyValue(item, seen));
    return out as T;
  }
  if (value instanceof Map) {
    const out = new Map();
    seen.set(value, out);
    for (const [k, v] of value) out.set(k, copyValue(v, seen));
    return out as T;
  }
  if (value instanceof Set) {
    const out = new Set();
    seen.set(value, out);
    for (const v of value) out.add(copyValue(v, seen));
    return out as T;
  }
  const proto = Object.getPrototypeOf(value) as object | null;
  // Plain objects only: Object.prototype of any realm has a null prototype.
  if (proto !== null && Object.getPrototypeOf(proto) !== null) return value;
  const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
  seen.set(value, out);
  for (const [key, item] of Object.entries(value)) out[key] = copyValue(item, seen);
  return out as T;
}
