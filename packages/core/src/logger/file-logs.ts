import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { stripAnsi } from './strip-ansi';

/** Longer prompt or response bodies are cut so one runaway call cannot bloat the file. */
const MAX_BODY_CHARS = 100_000;
const OFF = new Set(['', 'false', '0', 'no', 'off']);
const ON = new Set(['true', '1', 'yes', 'on']);

const createdDirs = new Set<string>();
let writeFailed = false;
/** The last LOG_FILE value resolved, with the directory it gave. */
let resolved: { raw: string; cwd: string; dir: string | null } = { raw: '', cwd: '', dir: null };

/**
 * Where prompts.log and chat.log go, from LOG_FILE read at call time: a
 * directory path; `true` for ./.kith/logs; a path ending in `.log` means its
 * directory. Null (file logs off) when unset or false.
 */
export function getLogFileDir(): string | null {
  const raw = process.env.LOG_FILE?.trim() ?? '';
  // Asked twice per message: resolve again only when LOG_FILE or the working directory changed.
  const cwd = process.cwd();
  if (raw === resolved.raw && cwd === resolved.cwd) return resolved.dir;
  const word = raw.toLowerCase();
  const dir = OFF.has(word)
    ? null
    : ON.has(word)
      ? path.resolve('.kith', 'logs')
      : path.resolve(raw.endsWith('.log') ? path.dirname(raw) : raw);
  resolved = { raw, cwd, dir };
  return dir;
}

/** Appends to a log file; a write failure is reported once on stderr and never thrown. */
function append(fileName: string, entry: string): void {
  const dir = getLogFileDir();
  if (!dir) return;
  try {
    if (!createdDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      createdDirs.add(dir);
    }
    appendFileSync(path.join(dir, fileName), stripAnsi(entry), 'utf8');
  } catch (error) {
    createdDirs.delete(dir);
    if (!writeFailed) {
      writeFailed = true;
      process.stderr.write(`[kith] cannot write ${fileName} in ${dir}: ${(error as Error).message}\n`);
    }
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function truncate(text: string): string {
  if (text.length <= MAX_BODY_CHARS) return text;
  return `${text.slice(0, MAX_BODY_CHARS)}\n… [truncated ${text.length - MAX_BODY_CHARS} chars]`;
}

/** A short label from the prompt's first line (usually its <task>), to find an entry by eye or grep. */
function slug(prompt: string): string {
  const line = prompt
    .split('\n')
    .map((candidate) => candidate.replace(/<[^>]*>/g, '').trim())
    .find((candidate) => candidate.length > 0);
  return line ? line.slice(0, 60) : '(empty prompt)';
}

export interface LogPromptParams {
  modelType: string;
  provider?: string;
  /** The prompt string, or the model params when there is no single prompt. */
  prompt: unknown;
  response: unknown;
}

/**
 * Appends one model call to prompts.log when LOG_FILE is set. Embedding
 * calls are skipped: their input is already in the store and their output
 * is a vector nobody reads.
 */
export function logPrompt({ modelType, provider, prompt, response }: LogPromptParams): void {
  if (!getLogFileDir() || /EMBEDDING/i.test(modelType)) return;
  const promptText = asText(prompt);
  const header = `==== ${new Date().toISOString()} ${modelType}${provider ? ` (${provider})` : ''} | ${slug(promptText)} ====`;
  append(
    'prompts.log',
    `${header}\n--- prompt ---\n${truncate(promptText)}\n--- response ---\n${truncate(asText(response))}\n\n`,
  );
}

export interface LogChatParams {
  direction: 'in' | 'out';
  roomId: string;
  name: string;
  text: string;
  /** The action that produced an outgoing message (REPLY, ...). */
  actionName?: string;
}

/**
 * Appends one line per inbound message or outbound response to chat.log when
 * LOG_FILE is set. Line breaks in the text are written as "\n" so each
 * message stays on one line.
 */
export function logChat({ direction, roomId, name, text, actionName }: LogChatParams): void {
  if (!getLogFileDir()) return;
  const arrow = direction === 'in' ? 'IN ' : 'OUT';
  const action = actionName ? ` [${actionName}]` : '';
  const body = (text ?? '').replace(/\r?\n/g, '\\n');
  append('chat.log', `${new Date().toISOString()} ${arrow} room=${roomId} ${name}${action}: ${body}\n`);
}
