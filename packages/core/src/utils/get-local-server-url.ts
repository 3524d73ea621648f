/** A URL on this agent's own HTTP server: `http://localhost:<SERVER_PORT or 3000><path>`. */
export function getLocalServerUrl(path: string): string {
  const port = process.env.SERVER_PORT?.trim() || '3000';
  const suffix = path === '' || path.startsWith('/') ? path : `/${path}`;
  return `http://localhost:${port}${suffix}`;
}
