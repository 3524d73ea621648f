import { ModelType, type Provider } from '@kith/core';

/** What the agent can do beyond chat: its services' capabilityDescription and the model types it has. */
export const capabilitiesProvider: Provider = {
  name: 'CAPABILITIES',
  description: "The agent's services and model capabilities",
  dynamic: true,
  position: -30,
  get: async (runtime) => {
    const lines: string[] = [];
    for (const [type, services] of runtime.getAllServices()) {
      for (const service of services) {
        const description = service?.capabilityDescription?.trim();
        if (description) lines.push(`- ${type}: ${description}`);
      }
    }
    const models = Object.values(ModelType).filter((type) => runtime.getModel(type) !== undefined);
    if (models.length > 0) lines.push(`- models: ${models.join(', ')}`);
    if (lines.length === 0) return { values: { capabilities: '' } };
    const text = `# Capabilities of ${runtime.character.name}\n${lines.join('\n')}`;
    return { text, values: { capabilities: text }, data: { models } };
  },
};
