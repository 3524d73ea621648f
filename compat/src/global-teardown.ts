/** Releases the scratch project's lock taken by global-setup. */
export default async function globalTeardown(): Promise<void> {
  (globalThis as { __kithCompatRelease?: () => void }).__kithCompatRelease?.();
}
