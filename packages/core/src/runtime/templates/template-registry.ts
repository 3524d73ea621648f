import { defaultTemplates } from '../../prompts/templates';
import type { TemplateType } from '../../types/character';

/**
 * Resolves a prompt template by name. Order: the character's `templates`,
 * then templates set on the runtime (`setTemplate`), then templates a
 * plugin set (its `templates` field), then Kith's defaults.
 */
export class TemplateRegistry {
  private readonly runtimeTemplates = new Map<string, TemplateType>();
  private readonly pluginTemplates = new Map<string, { template: TemplateType; plugin: string }>();

  constructor(private readonly characterTemplates: () => Record<string, TemplateType> | undefined) {}

  setRuntimeTemplate(name: string, template: TemplateType): void {
    this.runtimeTemplates.set(name, template);
  }

  /** The first plugin to set a name keeps it; a later one is reported to the caller. */
  setPluginTemplate(name: string, template: TemplateType, plugin: string): { ok: true } | { ok: false; owner: string } {
    const existing = this.pluginTemplates.get(name);
    if (existing && existing.plugin !== plugin) return { ok: false, owner: existing.plugin };
    this.pluginTemplates.set(name, { template, plugin });
    return { ok: true };
  }

  get(name: string): TemplateType | undefined {
    return (
      this.characterTemplates()?.[name] ??
      this.runtimeTemplates.get(name) ??
      this.pluginTemplates.get(name)?.template ??
      (defaultTemplates as Record<string, TemplateType>)[name]
    );
  }
}
