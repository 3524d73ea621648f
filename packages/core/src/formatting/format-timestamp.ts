/**
 * A message time relative to now, as elizaOS prints it in conversation
 * history: "just now", "5 minutes ago", "2 hours ago", "3 days ago".
 */
export function formatTimestamp(messageDate: number, now: number = Date.now()): string {
  const elapsed = Math.abs(now - messageDate);
  const minutes = Math.floor(elapsed / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
