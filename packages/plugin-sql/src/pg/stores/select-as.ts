/**
 * A list of snake_case columns as a select list naming them in camelCase
 * (`agent_id AS "agentId"`), so rows arrive as shared/rows' records; with
 * `alias`, each column is read from that table alias.
 */
export function selectAs(columns: string, alias?: string): string {
  return columns
    .split(',')
    .map((column) => column.trim())
    .map((column) => {
      const camel = column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
      const source = alias ? `${alias}.${column}` : column;
      return camel === column ? source : `${source} AS "${camel}"`;
    })
    .join(', ');
}
