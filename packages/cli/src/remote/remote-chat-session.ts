import { ChatTurnError, type ChatReply } from '@kith/client-cli';
import { CliErrorCode } from '../errors/cli-error-codes';
import { ServerRequestError } from './server-request-error';

export interface RemoteChatOptions {
  /** Base URL of a running `kith start`, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Agent name (case-insensitive) or id; default: the only agent, or the first one listed. */
  agent?: string;
  /** Who is typing; the server derives the user and the DM room from it, so history carries over. */
  userName?: string;
  /** Sent as X-API-KEY; default KITH_SERVER_AUTH_TOKEN. */
  apiKey?: string;
  fetch?: typeof fetch;
}

interface AgentSummary {
  id: string;
  name: string;
  status: string;
}

interface MessageResult {
  mode: string;
  error?: string;
  replies: { content: { text?: string; actions?: string[]; thought?: string } }[];
}

/** The same conversation as ChatSession, over a server's REST API (POST /api/agents/:agentId/messages). */
export class RemoteChatSession {
  private constructor(
    private readonly options: RemoteChatOptions & { userName: string },
    readonly agentId: string,
    readonly agentName: string,
    /** Set when the server holds several agents and none was asked for. */
    readonly note: string | null,
  ) {}

  /** Lists the server's agents and picks one. */
  static async connect(options: RemoteChatOptions): Promise<RemoteChatSession> {
    const resolved = {
      ...options,
      url: options.url.replace(/\/+$/, ''),
      userName: options.userName ?? process.env.USER ?? 'user',
    };
    const { agents } = await request<{ agents: AgentSummary[] }>(resolved, 'GET', '/api/agents');
    if (agents.length === 0)
      throw new ServerRequestError(
        'KITH_AGENT_NOT_FOUND',
        `The server at ${resolved.url} has no agents; start it with a character: kith start --character FILE`,
        null,
      );
    let agent = agents[0];
    let note: string | null = null;
    if (options.agent) {
      const wanted = options.agent.toLowerCase();
      const found = agents.find((a) => a.id === options.agent) ?? agents.find((a) => a.name.toLowerCase() === wanted);
      if (!found) {
        throw new ServerRequestError(
          'KITH_AGENT_NOT_FOUND',
          `No agent "${options.agent}" on ${resolved.url}; it has: ${agents.map((a) => a.name).join(', ')}. Pass one of them to --agent`,
          null,
        );
      }
      agent = found;
    } else if (agents.length > 1) {
      note = `${agents.length} agents on ${resolved.url} (${agents.map((a) => a.name).join(', ')}); talking to ${agent.name}. Choose with --agent NAME`;
    }
    return new RemoteChatSession(resolved, agent.id, agent.name, note);
  }

  /** Sends one message and resolves with the agent's replies (none when it chose to ignore). */
  async send(text: string): Promise<ChatReply[]> {
    const result = await request<MessageResult>(
      this.options,
      'POST',
      `/api/agents/${encodeURIComponent(this.agentId)}/messages`,
      {
        text,
        userName: this.options.userName,
        source: 'cli',
      },
    );
    const replies = result.replies
      .map(({ content }) => ({
        text: content.text ?? '',
        actions: content.actions ?? [],
        thought: content.thought ?? '',
      }))
      .filter((reply) => reply.text !== '' && !reply.actions.includes('IGNORE'));
    if (result.mode === 'error' && replies.length === 0)
      throw new ChatTurnError(result.error ?? 'the agent could not answer');
    return replies;
  }
}

async function request<T>(
  options: RemoteChatOptions,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  const apiKey = options.apiKey ?? process.env.KITH_SERVER_AUTH_TOKEN;
  if (apiKey) headers['x-api-key'] = apiKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${options.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new ServerRequestError(
      CliErrorCode.SERVER_UNREACHABLE,
      `Could not reach a Kith server at ${options.url} (${reason}): start one with kith start, or check --url`,
      null,
      {
        cause: error,
        retryable: true,
      },
    );
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
    const hint = response.status === 401 ? " Set KITH_SERVER_AUTH_TOKEN (or --api-key) to the server's token." : '';
    throw new ServerRequestError(
      error?.code ?? 'KITH_INTERNAL_ERROR',
      `${method} ${path} failed with HTTP ${response.status}: ${error?.message ?? (text.slice(0, 200) || response.statusText)}.${hint}`,
      response.status,
    );
  }
  if (json === undefined)
    throw new ServerRequestError(
      'KITH_INTERNAL_ERROR',
      `${method} ${path} answered HTTP ${response.status} without JSON; is ${options.url} a Kith server?`,
      response.status,
    );
  return json as T;
}
