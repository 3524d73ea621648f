import type { RegisteredRoute } from '@kith/core';
import { z } from 'zod';
import type { ManagedAgent } from './managed-agent';

export const agentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().optional(),
  status: z.enum(['running', 'stopped']),
  source: z.enum(['file', 'project', 'studio']).meta({
    description:
      'A character file, a project, or the studio (made through POST /api/agents: the only ones PATCH and DELETE change)',
  }),
  model: z.string().optional().meta({ description: 'The plugin that answers TEXT_LARGE' }),
  plugins: z.array(z.string()),
  version: z.number().optional().meta({ description: 'Studio agents: the stored version PATCH must send back' }),
});

export const agentDetailSchema = agentSummarySchema.extend({
  bio: z.array(z.string()),
  topics: z.array(z.string()),
  adjectives: z.array(z.string()),
  plugins: z.array(z.string()),
  actions: z.array(z.string()),
  providers: z.array(z.string()),
  evaluators: z.array(z.string()),
  services: z.array(z.string()),
  models: z.array(z.string()),
  routes: z.array(z.object({ plugin: z.string(), method: z.string(), path: z.string(), url: z.string() })),
  secretKeys: z.array(z.string()).meta({
    description: "The names of the character's secrets that are set (secrets and settings.secrets), never their values",
  }),
});

export type AgentSummary = z.infer<typeof agentSummarySchema>;
export type AgentDetail = z.infer<typeof agentDetailSchema>;

/** The model types an agent has handlers for (probed, since the registry is not enumerable). */
const MODEL_TYPES = [
  'TEXT_SMALL',
  'TEXT_LARGE',
  'TEXT_EMBEDDING',
  'OBJECT_SMALL',
  'OBJECT_LARGE',
  'IMAGE',
  'IMAGE_DESCRIPTION',
  'TRANSCRIPTION',
  'TEXT_TO_SPEECH',
];

export function toAgentSummary(agent: ManagedAgent, version?: number): AgentSummary {
  const { character, plugins } = agent.runtime;
  const model = plugins.find((plugin) => plugin.models?.TEXT_LARGE)?.name;
  return {
    id: agent.id,
    name: character.name,
    ...(character.username ? { username: character.username } : {}),
    status: agent.status,
    source: agent.source,
    ...(model ? { model } : {}),
    plugins: plugins.map((plugin) => plugin.name),
    ...(version === undefined ? {} : { version }),
  };
}

/** The URL a plugin route is served at. */
export function pluginRouteUrl(agentId: string, pluginName: string, path: string): string {
  const rest = path.startsWith('/') ? path.slice(1) : path;
  return `/api/agents/${agentId}/plugins/${encodeURIComponent(pluginName)}/${rest}`;
}

/** Settings and secrets are left out: they may hold keys. Only the secrets' names are shown. */
export function toAgentDetail(agent: ManagedAgent, version?: number): AgentDetail {
  const { runtime } = agent;
  const { character } = runtime;
  const list = (value: string | string[] | undefined): string[] =>
    Array.isArray(value) ? value : value ? [value] : [];
  return {
    ...toAgentSummary(agent, version),
    bio: list(character.bio),
    topics: character.topics ?? [],
    adjectives: character.adjectives ?? [],
    plugins: runtime.plugins.map((plugin) => plugin.name),
    actions: runtime.actions.map((action) => action.name),
    providers: runtime.providers.map((provider) => provider.name),
    evaluators: runtime.evaluators.map((evaluator) => evaluator.name),
    services: [...runtime.getAllServices().keys()],
    models: MODEL_TYPES.filter((type) => runtime.getModel(type) !== undefined),
    secretKeys: [
      ...new Set([...Object.keys(character.secrets ?? {}), ...Object.keys(character.settings?.secrets ?? {})]),
    ].sort(),
    routes: runtime.routes.map((route) => {
      const plugin = (route as Partial<RegisteredRoute>).pluginName ?? 'unknown';
      return { plugin, method: route.type, path: route.path, url: pluginRouteUrl(agent.id, plugin, route.path) };
    }),
  };
}
