/**
 * Prefixes `body` with a header line; an empty body gives '' so empty
 * sections vanish from prompts instead of leaving a dangling header.
 */
export function addHeader(header: string, body: string): string {
  if (!body || body.length === 0) return '';
  return `${header ? `${header}\n` : ''}${body}\n`;
}
