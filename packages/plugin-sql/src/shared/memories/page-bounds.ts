/** A read's row limit: a positive whole count, or null for none. */
export function pageLimit(count: number | undefined): number | null {
  return count !== undefined && Number.isFinite(count) && count > 0 ? Math.floor(count) : null;
}

/** A read's offset: a whole number, at least 0. */
export function pageOffset(offset: number | undefined): number {
  return Math.max(0, Math.floor(offset ?? 0));
}
