/** The @kith/core version this CLI runs on. */
export function kithCoreVersion(): string {
  return (require('@kith/core/package.json') as { version: string }).version;
}

/** The npm spec that makes @elizaos/core resolve to this @kith/core. */
export function defaultCoreOverride(): string {
  return `npm:@kith/core@${kithCoreVersion()}`;
}

/** The package.json line a user adds so every @elizaos/core copy is @kith/core. */
export function overridesLine(spec = defaultCoreOverride()): string {
  return `"overrides": {"@elizaos/core": "${spec}"}`;
}
