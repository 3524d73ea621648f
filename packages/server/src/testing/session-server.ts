import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentRuntime, type Plugin, stringToUuid, type UUID } from '@kith/core';
import { createScriptedModel, createScriptedModelPlugin, scriptedReply, testCharacter } from '@kith/core/test';
import { bootstrapPlugin } from '@kith/plugin-bootstrap';
import { createDatabaseAdapter, sqlPlugin } from '@kith/plugin-sql';
import type { KithServerOptions } from '../server-options';
import { http } from './http-client';
import { silentLogger } from './test-agent';
import { startTestServer, type RunningTestServer } from './test-server';

export const ADMIN_KEY = 'admin-key-for-session-tests-0123456789';
export const SESSION_SECRET = 'session-secret-for-tests-0123456789abcdef';

/** A plugin with one public route and one admin route per method: the `plugin` access rule. */
export const routesPlugin: Plugin = {
  name: 'matrix',
  description: 'routes for the access tests',
  routes: [
    { type: 'GET', path: '/open', public: true, handler: async (_req, res) => void res.json({ open: true }) },
    ...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((type) => ({
      type,
      path: '/private',
      handler: async (_req: unknown, res: { json: (body: unknown) => unknown }) => void res.json({ private: true }),
    })),
  ],
};

async function sqliteAgent(dataDir: string, name: string, plugins: Plugin[]): Promise<AgentRuntime> {
  const model = createScriptedModel((_prompt, type) =>
    type === 'TEXT_LARGE' ? scriptedReply(`${name} answers.`) : scriptedReply('ok'),
  );
  const agentId = stringToUuid(`session-test-${name}`);
  const logger = silentLogger();
  const runtime = new AgentRuntime({
    character: { ...structuredClone(testCharacter), name },
    agentId,
    plugins: [sqlPlugin, bootstrapPlugin, createScriptedModelPlugin(model, { embeddingDims: 384 }), ...plugins],
    adapter: createDatabaseAdapter({ dataDir, logger }, agentId),
    logger,
  });
  await runtime.initialize();
  return runtime;
}

export interface SessionTestServer extends RunningTestServer {
  agentX: UUID;
  agentY: UUID;
  dataDir: string;
  /** A session minted with the admin key. */
  mint(body: Record<string, unknown>): Promise<{ token: string; userId: UUID }>;
  /** An anonymous session (public sessions are on). */
  anonymous(): Promise<{ token: string; userId: UUID }>;
  stop(): Promise<void>;
}

/**
 * A server on 127.0.0.1 with two agents (X with the `matrix` plugin routes, and Y) on one SQLite
 * folder, the admin key ADMIN_KEY, session secret SESSION_SECRET and public sessions on.
 */
export async function startSessionServer(options: KithServerOptions = {}): Promise<SessionTestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kith-sessions-'));
  const x = await sqliteAgent(dataDir, 'Xavi', [routesPlugin]);
  const y = await sqliteAgent(dataDir, 'Yuna', []);
  const running = await startTestServer({
    agents: [x, y],
    authToken: ADMIN_KEY,
    sessions: { secret: SESSION_SECRET, publicSessions: true, anonymousPerMinute: 1000 },
    ...options,
  });
  const sessionOf = async (headers: Record<string, string>, body: Record<string, unknown>) => {
    const response = await http(running.url, '/api/sessions', { body, headers });
    if (response.status !== 201)
      throw new Error(`POST /api/sessions: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as { token: string; userId: UUID };
  };
  return {
    ...running,
    agentX: x.agentId,
    agentY: y.agentId,
    dataDir,
    mint: (body) => sessionOf({ 'x-api-key': ADMIN_KEY }, body),
    anonymous: () => sessionOf({}, {}),
    async stop() {
      await running.server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
