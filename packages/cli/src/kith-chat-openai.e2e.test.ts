import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@kith/plugin-openai/testing';

const BIN = resolve(__dirname, '../dist/bin/kith.js');
const REPLY = 'Hello from the fake model. What brings you here?';

/** Spawns the built CLI without blocking this process, which serves the fake model. */
function kith(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const merged: Record<string, string | undefined> = {
      ...process.env,
      LOG_LEVEL: 'error',
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      ...env,
    };
    // An undefined value removes the variable, so the CLI's own default applies.
    for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
    const child = spawn(process.execPath, [BIN, ...args], {
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe('kith chat with OPENAI_BASE_URL (built CLI against a local OpenAI-compatible server)', () => {
  let server: FakeOpenAIServer;
  let dir: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kith-cli-openai-'));
    // Answers every chat request in the pipeline's XML reply format.
    server = await startFakeOpenAIServer({
      reply: () =>
        `<response><thought>Greet the user.</thought><actions>REPLY</actions><text>${REPLY}</text></response>`,
    });
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports an unreachable model server in one error line, and stops without log-record warnings', async () => {
    const closed = createServer();
    await new Promise<void>((ready) => closed.listen(0, '127.0.0.1', ready));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise<void>((gone) => closed.close(() => gone()));
    const args = ['chat', '-m', 'hi', '--data-dir', join(dir, 'data')];

    // The CLI's default log level: the model line, then the error, nothing else.
    const quiet = await kith(args, { OPENAI_BASE_URL: deadUrl, LOG_LEVEL: undefined });
    expect(quiet.code).toBe(1);
    expect(quiet.stdout).toBe('');
    const lines = quiet.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`model: openai (gpt-4o-mini, gpt-4o at ${deadUrl})`);
    expect(lines[1]).toMatch(
      /^kith: The agent could not answer: Could not reach POST \/chat\/completions at .*\(ECONNREFUSED\)\. Is the server running\? Check OPENAI_BASE_URL\. Check the model settings .*\[KITH_CHAT_TURN_FAILED\]$/,
    );

    // With warnings shown, shutting down leaves no log record unwritten behind a closed database.
    const warned = await kith(args, { OPENAI_BASE_URL: deadUrl, LOG_LEVEL: 'warn' });
    expect(warned.code).toBe(1);
    expect(warned.stderr).toContain('[KITH_CHAT_TURN_FAILED]');
    expect(warned.stderr).not.toContain('Could not write a log record');
    expect(warned.stderr).not.toContain('KITH_SQL_NOT_INITIALIZED');
  });

  it('reports a host that takes no connection (a black hole) in one error line naming the host and the fix, and stops cleanly', async () => {
    // Accepts TCP and never speaks: over https the TLS handshake hangs, as with a host dropping packets.
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => void sockets.push(socket));
    await new Promise<void>((ready) => silent.listen(0, '127.0.0.1', ready));
    const host = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const blackHole = `https://${host}/v1`;
    const args = ['chat', '-m', 'hi', '--data-dir', join(dir, 'data')];
    try {
      // The defaults: OPENAI_CONNECT_TIMEOUT_MS 2500, retried once.
      const quiet = await kith(args, { OPENAI_BASE_URL: blackHole, LOG_LEVEL: undefined });
      expect(quiet.code).toBe(1);
      expect(quiet.stdout).toBe('');
      const lines = quiet.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe(`model: openai (gpt-4o-mini, gpt-4o at ${blackHole})`);
      expect(lines[1]).toContain(
        `kith: The agent could not answer: ${host} did not answer within 2500 ms (TCP connect and TLS handshake)`,
      );
      expect(lines[1]).toContain('Check OPENAI_BASE_URL and the network, or raise OPENAI_CONNECT_TIMEOUT_MS');
      expect(lines[1]).toMatch(/\[KITH_CHAT_TURN_FAILED\]$/);

      // With warnings shown (and a shorter wait), shutting down leaves no log record unwritten.
      const warned = await kith(args, {
        OPENAI_BASE_URL: blackHole,
        OPENAI_CONNECT_TIMEOUT_MS: '300',
        LOG_LEVEL: 'warn',
      });
      expect(warned.code).toBe(1);
      expect(warned.stderr).toContain('did not answer within 300 ms');
      expect(warned.stderr).toContain('[KITH_CHAT_TURN_FAILED]');
      expect(warned.stderr).not.toContain('Could not write a log record');
      expect(warned.stderr).not.toContain('KITH_SQL_NOT_INITIALIZED');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((gone) => silent.close(() => gone()));
    }
  });

  it("chooses plugin-openai, says so on stderr, and answers with the server's text", async () => {
    const result = await kith(['chat', '--message', 'Hi there', '--data-dir', join(dir, 'data'), '--user', 'tester'], {
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_SMALL_MODEL: 'fake-small',
      OPENAI_LARGE_MODEL: 'fake-large',
    });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(REPLY);
    expect(result.stderr.split('\n')[0]).toBe(`model: openai (fake-small, fake-large at ${server.baseUrl})`);

    const chat = server
      .requestsTo('/chat/completions')
      .map((r) => r.body as { model: string; messages: { role: string; content: string }[] });
    expect(chat.length).toBeGreaterThan(0);
    expect(chat[0].model).toBe('fake-large');
    expect(chat[0].messages[0]).toEqual({ role: 'system', content: expect.stringContaining('You are Eliza') });
    expect(chat[0].messages[1].content).toContain('tester: Hi there');
    // No key for a local server: no Authorization header.
    expect(server.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('reports a 401 from the server with the setting to fix', async () => {
    const guarded = await startFakeOpenAIServer({ apiKey: 'sk-right' });
    try {
      const result = await kith(['chat', '--message', 'Hi', '--data-dir', join(dir, 'data')], {
        OPENAI_BASE_URL: guarded.baseUrl,
        OPENAI_API_KEY: 'sk-wrong',
      });
      expect(result.stderr.split('\n')[0]).toMatch(/^model: openai \(/);
      expect(result.stderr).toContain('OPENAI_API_KEY');
      expect(result.stdout).not.toContain('Hello from the fake');
    } finally {
      await guarded.close();
    }
  });
});
