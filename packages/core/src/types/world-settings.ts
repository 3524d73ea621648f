/**
 * One configurable setting of a world (server), as elizaOS stores them in
 * `world.metadata.settings`. The optional functions survive only in memory:
 * they are lost when the world is written to the database.
 */
export interface Setting {
  name: string;
  description: string;
  /** How the agent should ask for it during onboarding. */
  usageDescription?: string;
  value: string | boolean | null;
  required: boolean;
  public?: boolean;
  /** Encrypted at rest (saltWorldSettings) and never shown outside onboarding. */
  secret?: boolean;
  /** Keys of settings that must have a value before this one can be set. */
  dependsOn?: string[];
  validation?: (value: unknown) => boolean;
  onSetAction?: (value: unknown) => string;
  visibleIf?: (settings: WorldSettings) => boolean;
}

/** A world's settings by key. */
export interface WorldSettings {
  [key: string]: Setting;
}

/** What a plugin declares to be configured during onboarding. */
export interface OnboardingConfig {
  settings: { [key: string]: Omit<Setting, 'value'> };
}
