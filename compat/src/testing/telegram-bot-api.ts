import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the bot made to the Bot API. */
export interface BotApiCall {
  method: string;
  body: Record<string, unknown>;
}

export interface TelegramBotApi {
  /** What to set TELEGRAM_API_ROOT to. */
  apiRoot: string;
  token: string;
  bot: { id: number; username: string; first_name: string };
  calls: BotApiCall[];
  /** Queues an update for the bot's next (or current) getUpdates; returns its update_id. */
  deliver(update: Record<string, unknown>): number;
  /** Queues the same update again, with the same update_id (a redelivery). */
  redeliver(updateId: number): void;
  /** Resolves once `predicate` holds for the calls so far (checked after each call). */
  waitFor(what: string, predicate: (calls: BotApiCall[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      if (!text) return resolve({});
      try {
        resolve(JSON.parse(text) as Record<string, unknown>);
      } catch {
        // Telegraf sends multipart only for uploads; keep the raw text.
        resolve({ raw: text });
      }
    });
  });
}

/**
 * A local server speaking the Telegram Bot API (`/bot<token>/<method>`), as
 * much of it as @elizaos/plugin-telegram (Telegraf) calls: getMe,
 * deleteWebhook, getUpdates long polling, sendMessage, sendChatAction and
 * any other method answered with `true`. Every call is recorded.
 */
export async function startTelegramBotApi(): Promise<TelegramBotApi> {
  const token = '123456:compat-token';
  const bot = { id: 123456, is_bot: true, first_name: 'Compat Bot', username: 'kith_compat_bot' };
  const calls: BotApiCall[] = [];
  const queue: { update_id: number; [key: string]: unknown }[] = [];
  const delivered = new Map<number, Record<string, unknown>>();
  let nextUpdateId = 1;
  let nextMessageId = 5000;
  let wakePoll: (() => void) | null = null;
  const watchers = new Set<() => void>();
  const pending = new Set<ServerResponse>();

  const ok = (res: ServerResponse, result: unknown) => {
    pending.delete(res);
    if (res.writableEnded) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, result }));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/bot([^/]+)\/(\w+)/.exec(req.url ?? '');
    const body = await readBody(req);
    if (!match || match[1] !== token) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
    }
    const method = match[2];
    calls.push({ method, body });
    for (const watcher of watchers) watcher();
    switch (method) {
      case 'getMe':
        return ok(res, bot);
      case 'getUpdates': {
        const offset = Number(body.offset ?? 0);
        const ready = () => queue.filter((u) => u.update_id >= offset);
        // Updates below the offset are confirmed by the bot: drop them.
        for (let i = queue.length - 1; i >= 0; i--) if (queue[i].update_id < offset) queue.splice(i, 1);
        if (ready().length > 0) return ok(res, ready());
        pending.add(res);
        const timeout = Math.min(Number(body.timeout ?? 0), 2) * 1000;
        await new Promise<void>((resolve) => {
          wakePoll = resolve;
          setTimeout(resolve, timeout);
          res.on('close', resolve);
        });
        wakePoll = null;
        return ok(res, ready());
      }
      case 'sendMessage': {
        const chatId = body.chat_id;
        return ok(res, {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: Number(chatId) < 0 ? 'group' : 'private' },
          from: bot,
          text: body.text,
        });
      }
      case 'getChat':
        return ok(res, { id: body.chat_id, type: Number(body.chat_id) < 0 ? 'group' : 'private', title: 'Chat' });
      case 'getChatAdministrators':
        return ok(res, []);
      default:
        return ok(res, true);
    }
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    bot,
    calls,
    deliver(update) {
      const full = { update_id: nextUpdateId++, ...update };
      delivered.set(full.update_id, full);
      queue.push(full);
      wakePoll?.();
      return full.update_id;
    },
    redeliver(updateId) {
      const update = delivered.get(updateId);
      if (!update) throw new Error(`no update ${updateId} was delivered`);
      // A redelivery after the bot confirmed it: a new update_id, the same message.
      queue.push({ ...update, update_id: nextUpdateId++ });
      wakePoll?.();
    },
    waitFor(what, predicate, timeoutMs = 30_000) {
      if (predicate(calls)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(check);
          reject(
            new Error(
              `Telegram Bot API: ${what} did not happen in ${timeoutMs} ms; calls: ${calls.map((c) => c.method + (c.method === 'getUpdates' ? JSON.stringify(c.body) : '')).join(', ')}; queued: ${queue.map((u) => u.update_id).join(',')}`,
            ),
          );
        }, timeoutMs);
        const check = () => {
          if (!predicate(calls)) return;
          clearTimeout(timer);
          watchers.delete(check);
          resolve();
        };
        watchers.add(check);
      });
    },
    close() {
      for (const res of pending) ok(res, []);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
