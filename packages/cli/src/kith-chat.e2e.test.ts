import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createUniqueUuid, stringToUuid } from '@kith/core';
import { createDatabaseAdapter } from '@kith/plugin-sql';

const BIN = resolve(__dirname, '../dist/bin/kith.js');

function kith(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    // Empty OPENAI_* count as unset: the developer's own key must not switch these runs to a real model.
    env: { ...process.env, LOG_LEVEL: 'warn', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ...env },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('kith chat (built CLI in a child process)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers DOCTOR-style, remembers the exchange across runs and stores all four messages', async () => {
    const dataDir = join(dir, 'data');
    const logs = join(dir, 'logs');
    const first = kith(['chat', '--message', 'I am unhappy', '--data-dir', dataDir, '--user', 'tester'], {
      LOG_FILE: logs,
    });
    expect(first.stderr).toBe('model: eliza-classic (offline)\n');
    expect(first.code).toBe(0);
    const reply = first.stdout.trim();
    expect(reply.length).toBeGreaterThan(0);
    expect(reply.toLowerCase()).not.toBe('i am unhappy');
    expect(reply).toMatch(/\?|\./);

    const second = kith(
      ['chat', '--message', 'My work is boring', '--data-dir', dataDir, '--user', 'tester', '--json'],
      { LOG_FILE: logs },
    );
    expect(second.code).toBe(0);
    const parsed = JSON.parse(second.stdout.trim().split('\n')[0]) as {
      text: string;
      actions: string[];
      thought: string;
    };
    expect(parsed.text.length).toBeGreaterThan(0);
    expect(parsed.actions).toContain('REPLY');
    expect(typeof parsed.thought).toBe('string');

    // The second turn's prompt shows the first exchange in RECENT_MESSAGES.
    const prompts = readFileSync(join(logs, 'prompts.log'), 'utf8')
      .split('==== ')
      .filter((b) => b.includes('TEXT_LARGE'));
    const secondPrompt = prompts[prompts.length - 1];
    expect(secondPrompt).toContain('tester: I am unhappy');
    expect(secondPrompt).toContain(`Eliza: ${reply}`);
    expect(secondPrompt).toContain('# Received Message\ntester: My work is boring');

    const agentId = stringToUuid('Eliza');
    const adapter = createDatabaseAdapter({ dataDir }, agentId);
    await adapter.init();
    try {
      const roomId = createUniqueUuid({ agentId }, 'cli-dm:tester');
      const texts = (await adapter.getMemories({ tableName: 'messages', roomId, count: 10 }))
        .map((m) => m.content.text)
        .reverse();
      expect(texts).toEqual(['I am unhappy', reply, 'My work is boring', parsed.text]);
    } finally {
      await adapter.close();
    }
  });

  it('rejects a character file with a JSON syntax error, naming the file, and writes nothing', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "name": "Broken", }');
    const dataDir = join(dir, 'data');
    const result = kith(['chat', '--character', file, '--message', 'hi', '--data-dir', dataDir]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/invalid JSON at line 1/);
    expect(result.stdout).toBe('');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('rejects a character without a name, naming the file and the field, and writes nothing', () => {
    const file = join(dir, 'nameless.json');
    writeFileSync(file, JSON.stringify({ bio: ['no name here'] }));
    const dataDir = join(dir, 'data');
    const result = kith(['chat', '--character', file, '--message', 'hi', '--data-dir', dataDir]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/name: is required/);
    expect(result.stderr).toContain('KITH_CHARACTER_INVALID');
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(dir)).toEqual(['nameless.json']);
  });

  it('names a missing plugin package and how to install it', () => {
    const file = join(dir, 'agent.json');
    writeFileSync(file, JSON.stringify({ name: 'Agent', plugins: ['@kith/plugin-does-not-exist'] }));
    const result = kith(['chat', '--character', file, '--message', 'hi', '--data-dir', join(dir, 'data')]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('npm install @kith/plugin-does-not-exist');
  });
});
