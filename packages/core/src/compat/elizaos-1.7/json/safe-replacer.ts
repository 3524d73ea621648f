/**
 * A `JSON.stringify` replacer that writes `"[Circular]"` for an object it has
 * already written, so cyclic values serialise instead of throwing. As in
 * elizaOS, a shared (not cyclic) object seen twice is also replaced. Make a
 * new one per `stringify` call: it remembers what it saw.
 */
export function safeReplacer(): (key: string, value: unknown) => unknown {
  const seen = new WeakSet<object>();
  return (_key, value) => {
    if (typeof value !== 'object' || value === null) return value;
    if (seen.has(value)) return '[Circular]';
    seen.add(value);
    return value;
  };
}
