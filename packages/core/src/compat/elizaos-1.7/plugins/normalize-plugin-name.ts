/** The short name of a scoped plugin package: `@elizaos/plugin-sql` → `sql`; other names unchanged. */
export function normalizePluginName(pluginName: string): string {
  const scoped = /^@[^/]+\/plugin-(.+)$/.exec(pluginName);
  return scoped?.[1] ?? pluginName;
}
