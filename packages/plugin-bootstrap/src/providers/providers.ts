import type { Provider } from '@kith/core';

/**
 * Names the dynamic providers the model may ask for in <providers>, one
 * short entry each (private ones are never listed).
 */
export const providersProvider: Provider = {
  name: 'PROVIDERS',
  description: 'Extra context the agent can ask for',
  position: -55,
  get: async (runtime) => {
    const dynamic = runtime.providers.filter((p) => p.dynamic === true && p.private !== true);
    if (dynamic.length === 0) return { values: { providersList: '' } };
    const entries = dynamic.map((p) => `${p.name} (${p.description ?? 'no description'})`);
    const text = `# Extra Context\nList any of these in <providers> if the answer needs them: ${entries.join('; ')}.`;
    return {
      text,
      values: { providersList: text },
      data: { dynamicProviders: dynamic.map((p) => ({ name: p.name, description: p.description ?? '' })) },
    };
  },
};
