import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnKithStart, type SpawnedKith } from './testing/spawn-kith-start';

/** A port on 127.0.0.1 that refuses connections: bound once to learn a free number, then closed. */
function refusedPort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const TURNS = 40;
const API_KEY = 'sk-test-do-not-log-0123456789';

describe('kith start with a dead model server (built CLI in a child process, default level warn)', () => {
  let dir: string;
  let kith: SpawnedKith | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-dead-model-'));
  });
  afterEach(async () => {
    if (kith && kith.child.exitCode === null) {
      kith.child.kill('SIGKILL');
      await kith.exit;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers each turn with a clear error and logs at most 2 KB per failed turn, with no stack and no key', async () => {
    const port = await refusedPort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      OPENAI_API_KEY: API_KEY,
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    };
    delete env.LOG_LEVEL;
    delete env.LOG_JSON_FORMAT;
    env.KITH_SERVER_AUTH_TOKEN = '';
    kith = await spawnKithStart(['--port', '0', '--data-dir', join(dir, 'data')], env);
    const agents = (await (await fetch(`${kith.url}/api/agents`)).json()) as { agents: { id: string }[] };
    const send = async (i: number): Promise<{ mode: string; error?: string }> => {
      const response = await fetch(`${kith?.url}/api/agents/${agents.agents[0].id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: `hello ${i}`, userName: `user${i}` }),
      });
      return (await response.json()) as { mode: string; error?: string };
    };
    // Under load: ten rooms at once (one per person), four waves.
    const results: { mode: string; error?: string }[] = [];
    for (let wave = 0; wave < TURNS / 10; wave++) {
      results.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => send(wave * 10 + i)))));
    }
    expect(results).toHaveLength(TURNS);
    for (const result of results) {
      expect(result.mode).toBe('error');
      // The client learns what failed, where, and what to check.
      expect(result.error).toContain(`127.0.0.1:${port}`);
      expect(result.error).toMatch(/Check OPENAI_BASE_URL/);
    }
    // Let the background embedding retries fail too before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const log = kith.stderr();
    const bytesPerTurn = Buffer.byteLength(log) / TURNS;
    // One line per failed turn at most (model-call detail is at debug), and identical failures within the
    // repeat window are counted, not repeated: 40 failed turns write one such line.
    const lines = log.trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(TURNS);
    expect(lines.filter((line) => line.includes('Message processing failed'))).toHaveLength(1);
    // That line names the model type and provider; the model call's own line is not written at warn.
    expect(lines.find((line) => line.includes('Message processing failed'))).toContain(
      '"modelType":"TEXT_LARGE","provider":"openai"',
    );
    expect(lines.filter((line) => line.includes('"msg":"TEXT_LARGE handler of'))).toEqual([]);
    expect(bytesPerTurn).toBeLessThanOrEqual(2_048);
    expect(log).toContain('KITH_OPENAI_NETWORK_ERROR');
    expect(log).not.toContain('    at ');
    expect(log).not.toContain(API_KEY);
  }, 120_000);
});
