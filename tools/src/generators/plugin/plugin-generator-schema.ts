/** Options of the `plugin` generator, as declared in schema.json. */
export interface PluginGeneratorSchema {
  /** Kebab-case plugin name: `weather` writes packages/plugin-weather. */
  name: string;
  /** npm scope of the package, `@kith` by default; an empty string publishes it unscoped. */
  scope?: string;
  /** Folder (from the workspace root) that holds the package folder; `packages` by default. */
  directory?: string;
  /** One line for package.json, the plugin object and the README. */
  description?: string;
  /** Leave the written files unformatted (formatting runs only when prettier is installed). */
  skipFormat?: boolean;
}
