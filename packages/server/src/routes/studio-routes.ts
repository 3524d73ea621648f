import type { Character } from '@kith/core';
import { z } from 'zod';
import { agentSummarySchema, toAgentSummary } from '../agents/agent-view';
import type { StudioAgents } from '../agents/studio-agents';
import type { ApiApp } from '../http/api-app';
import { agentParamsSchema, errorBodySchema } from '../http/schemas';
import type { ServerContext } from '../server-context';
import { AgentNotEditableError, RequestValidationError } from '../errors';

const characterInput = z.record(z.string(), z.unknown()).meta({
  description:
    'A character as in a character file (name, bio, system, style, topics, messageExamples, plugins, settings, secrets...)',
});

const savedSchema = z.object({ agent: agentSummarySchema, version: z.number() });

/** A character as answered: secrets by name only, never their values. */
const characterViewSchema = z.object({
  character: z.record(z.string(), z.unknown()),
  secrets: z.array(z.string()).meta({ description: 'The names of the secrets set (their values are never answered)' }),
  source: z.enum(['file', 'project', 'studio']),
  editable: z.boolean(),
  version: z.number().optional(),
  reason: z.string().optional().meta({ description: 'Why it cannot be changed here' }),
});

function redacted(character: Character, keepSettings: boolean): Record<string, unknown> {
  const { secrets: _secrets, settings, ...rest } = character;
  // A file's settings may carry keys (OPENAI_API_KEY under settings): only the studio's own are shown back,
  // without the elizaOS-style `settings.secrets`.
  if (!keepSettings || !settings) return rest;
  const { secrets: _nested, ...shown } = settings;
  return { ...rest, settings: shown };
}

const notFound = errorBodySchema.describe('No such agent');
const refused = errorBodySchema.describe(
  'KITH_AGENT_NOT_EDITABLE (from a file or project, or no agent factory) or KITH_AGENT_VERSION_CONFLICT (saved by someone else since)',
);

function requireStudio(studio: StudioAgents | undefined, agentId = 'new'): StudioAgents {
  if (!studio)
    throw new AgentNotEditableError(agentId, 'this server was started without an agent factory (kith start has one)');
  return studio;
}

/** The version a PATCH is based on: `version` in the body, else an If-Match header ("3" or W/"3"). */
function baseVersion(bodyVersion: number | undefined, ifMatch: string | undefined): number {
  if (bodyVersion !== undefined) return bodyVersion;
  const match = ifMatch ? /^(?:W\/)?"?(\d+)"?$/.exec(ifMatch.trim()) : null;
  if (match) return Number(match[1]);
  throw new RequestValidationError(
    'body.version',
    'is required: send back the version you read (GET /api/agents/:agentId/character), so a change saved meanwhile is not overwritten',
  );
}

/** POST /api/agents, GET|PATCH|DELETE /api/agents/:agentId(/character), GET /api/studio: agents made and changed at run time. */
export function registerStudioRoutes(app: ApiApp, { agents, studio }: ServerContext): void {
  app.route({
    method: 'GET',
    url: '/api/studio',
    config: { access: 'admin' },
    schema: {
      operationId: 'getStudio',
      summary: 'Whether agents can be made here, and the plugin packages a character may name',
      tags: ['agents'],
      response: { 200: z.object({ enabled: z.boolean(), plugins: z.array(z.string()) }).describe('The studio') },
    },
    handler: async () => ({ enabled: studio !== undefined, plugins: studio?.factory.installedPlugins() ?? [] }),
  });

  app.route({
    method: 'POST',
    url: '/api/agents',
    config: { access: 'admin' },
    schema: {
      operationId: 'createAgent',
      summary: 'Make and start an agent, stored in the database (every server of a fleet runs it)',
      tags: ['agents'],
      body: z.strictObject({ character: characterInput }),
      response: {
        201: savedSchema.describe('The agent, running'),
        400: errorBodySchema.describe('An invalid character: path names the field'),
        409: refused,
      },
    },
    handler: async ({ body }, reply) => {
      const { agent, version } = await requireStudio(studio).create(body.character);
      return reply.code(201).send({ agent: toAgentSummary(agent, version), version });
    },
  });

  app.route({
    method: 'GET',
    url: '/api/agents/:agentId/character',
    config: { access: 'admin' },
    schema: {
      operationId: 'getAgentCharacter',
      summary: "An agent's character for editing, secrets by name only",
      tags: ['agents'],
      params: agentParamsSchema,
      response: { 200: characterViewSchema.describe('The character'), 404: notFound },
    },
    handler: async ({ params }) => {
      const agent = agents.require(params.agentId);
      if (agent.source === 'studio' && studio) {
        const record = await studio.read(params.agentId);
        return {
          character: redacted(record.character, true),
          secrets: Object.keys(record.character.secrets ?? {}),
          source: agent.source,
          editable: true,
          version: record.version,
        };
      }
      const { character } = agent.runtime;
      return {
        character: redacted(character, false),
        secrets: Object.keys(character.secrets ?? {}),
        source: agent.source,
        editable: false,
        reason:
          agent.source === 'project'
            ? "It comes from a project's code: change it there and restart the server."
            : 'It comes from a character file: edit the file and restart the server.',
      };
    },
  });

  app.route({
    method: 'PATCH',
    url: '/api/agents/:agentId',
    config: { access: 'admin' },
    schema: {
      operationId: 'updateAgent',
      summary:
        "Change a studio agent's character; its next turn uses it. Fields given replace the stored ones (null removes one); settings and secrets merge by name",
      tags: ['agents'],
      params: agentParamsSchema,
      body: z.strictObject({
        character: characterInput,
        version: z.number().int().min(1).optional().meta({ description: 'The version read; or send it as If-Match' }),
      }),
      response: {
        200: savedSchema.describe('The agent after the change'),
        400: errorBodySchema.describe('An invalid character, or no version'),
        404: notFound,
        409: refused,
      },
    },
    handler: async ({ params, body, headers }) => {
      const version = baseVersion(body.version, headers['if-match']);
      const saved = await requireStudio(studio, params.agentId).update(params.agentId, body.character, version);
      return { agent: toAgentSummary(saved.agent, saved.version), version: saved.version };
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/agents/:agentId',
    config: { access: 'admin' },
    schema: {
      operationId: 'deleteAgent',
      summary: 'Stop and remove a studio agent on every server; its memories are kept unless purge=true',
      tags: ['agents'],
      params: agentParamsSchema,
      querystring: z.strictObject({ purge: z.enum(['true', 'false']).default('false') }),
      response: {
        200: z.object({ id: z.string(), deleted: z.literal(true), purged: z.boolean() }).describe('Removed'),
        404: notFound,
        409: refused,
      },
    },
    handler: async ({ params, query }) => {
      const purged = query.purge === 'true';
      await requireStudio(studio, params.agentId).remove(params.agentId, purged);
      return { id: params.agentId, deleted: true as const, purged };
    },
  });
}
