const MAX_SHOWN = 200;

/**
 * A URL fit for logs and error messages: credentials removed, and cut to
 * 200 characters (a data: URL can be megabytes long).
 */
export function redactUrl(url: string): string {
  let shown = url;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = '';
      parsed.password = '';
    }
    shown = parsed.href;
  } catch {
    // Not a URL: show it as given, shortened.
  }
  return shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN)}…` : shown;
}
