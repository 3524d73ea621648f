import { ChatSession, runTerminalChat, type ChatReply } from '@kith/client-cli';
import { ConfigValidationError } from '@kith/core';
import { createAgent } from '../agent/create-agent';
import { resolveOneAgent } from '../project/resolve-project';
import { RemoteChatSession } from '../remote/remote-chat-session';
import { runRemoteTerminalChat } from '../remote/run-remote-terminal-chat';
import { loadDotEnv } from '../process/load-dot-env';

export interface ChatCommandOptions {
  character?: string;
  dataDir?: string;
  /** PostgreSQL instead of SQLite (else KITH_DATABASE_URL / POSTGRES_URL). */
  databaseUrl?: string;
  message?: string;
  json?: boolean;
  user?: string;
  /** A running server: chat over its REST API instead of in-process. */
  url?: string;
  /** With --url: the agent's name or id. */
  agent?: string;
  /** With --url: X-API-KEY (default KITH_SERVER_AUTH_TOKEN). */
  apiKey?: string;
}

function print(replies: ChatReply[], json: boolean | undefined): void {
  for (const reply of replies) process.stdout.write(json ? `${JSON.stringify(reply)}\n` : `${reply.text}\n`);
}

/** `kith chat`: one message with --message, otherwise an interactive session; in-process, or with --url against a server. */
export async function chatCommand(options: ChatCommandOptions): Promise<void> {
  loadDotEnv();
  if (options.url !== undefined) return remoteChat(options.url, options);
  const { character, plugins, init } = resolveOneAgent(options.character, 'kith chat').agent;
  const runtime = await createAgent({
    character,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    projectPlugins: plugins,
    init,
  });
  try {
    if (options.message !== undefined) {
      const session = new ChatSession(runtime, { userName: options.user });
      print(await session.send(options.message), options.json);
      return;
    }
    await runTerminalChat(runtime, { userName: options.user });
  } finally {
    await runtime.stop();
  }
}

async function remoteChat(url: string, options: ChatCommandOptions): Promise<void> {
  if (options.dataDir !== undefined || options.databaseUrl !== undefined) {
    const flag = options.dataDir !== undefined ? '--data-dir' : '--database-url';
    throw new ConfigValidationError('kith chat', [
      `${flag}: has no effect with --url (the server owns the database); pass it to kith start instead`,
    ]);
  }
  // A character file only names the agent to talk to.
  const agent =
    options.agent ??
    (options.character ? resolveOneAgent(options.character, 'kith chat').agent.character.name : undefined);
  const session = await RemoteChatSession.connect({ url, agent, userName: options.user, apiKey: options.apiKey });
  if (session.note) process.stderr.write(`${session.note}\n`);
  if (options.message !== undefined) {
    print(await session.send(options.message), options.json);
    return;
  }
  await runRemoteTerminalChat(session);
}
