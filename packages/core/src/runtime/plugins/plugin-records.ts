/** What one plugin registered, as the runtime recorded it (names, in registration order). */
export interface PluginRegistration {
  plugin: string;
  actions: string[];
  providers: string[];
  evaluators: string[];
  /** Model types it handles. */
  models: string[];
  /** `GET /path`, ... */
  routes: string[];
  /** Service types. */
  services: string[];
  /** Event names, once per handler. */
  events: string[];
  templates: string[];
}

export type RegistrationKind = Exclude<keyof PluginRegistration, 'plugin'>;

/** A plugin's registration before it has registered anything. */
export const emptyRegistration = (plugin: string): PluginRegistration => ({
  plugin,
  actions: [],
  providers: [],
  evaluators: [],
  models: [],
  routes: [],
  services: [],
  events: [],
  templates: [],
});

/**
 * Which plugin registered each action, provider, evaluator, model handler,
 * route, service and event handler. The runtime's own lists stay plain
 * arrays of what plugins gave (elizaOS code reads them); the owner is kept
 * beside them, keyed by the object itself, so errors, logs and metrics can
 * name the plugin.
 */
export class PluginRecords {
  private readonly owners = new WeakMap<object, string>();
  private readonly byPlugin = new Map<string, PluginRegistration>();
  private current: string | undefined;

  /** The plugin whose install (init) is running: what it registers directly on the runtime is recorded as its own. */
  get installing(): string | undefined {
    return this.current;
  }

  /** Runs `install` with `plugin` as the one installing (nested installs restore the outer one). */
  async installingWith<T>(plugin: string | undefined, install: () => Promise<T>): Promise<T> {
    const outer = this.current;
    this.current = plugin;
    try {
      return await install();
    } finally {
      this.current = outer;
    }
  }

  /** Opens a plugin's record (install order), so a plugin that registers nothing is listed too. */
  open(plugin: string): void {
    if (!this.byPlugin.has(plugin)) this.byPlugin.set(plugin, emptyRegistration(plugin));
  }

  /** Records that `plugin` registered `name`; without a plugin (registered by the application) nothing is kept. */
  add(plugin: string | undefined, kind: RegistrationKind, name: string, component?: object): void {
    if (!plugin) return;
    if (component) this.owners.set(component, plugin);
    this.open(plugin);
    this.byPlugin.get(plugin)![kind].push(name);
  }

  /** The plugin that registered this action, provider, evaluator, model handler or event handler. */
  ownerOf(component: object): string | undefined {
    return this.owners.get(component);
  }

  /** Every plugin's record, in install order. */
  list(): PluginRegistration[] {
    return [...this.byPlugin.values()];
  }
}
