import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getLogFileDir, logChat, logPrompt } from './file-logs';
import { stripAnsi } from './strip-ansi';

describe('file logs', () => {
  const saved = process.env.LOG_FILE;
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kith-logs-'));
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.LOG_FILE;
    else process.env.LOG_FILE = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');

  describe('getLogFileDir', () => {
    it.each([undefined, '', 'false', '0', 'off'])('is off for LOG_FILE=%p', (value) => {
      if (value === undefined) delete process.env.LOG_FILE;
      else process.env.LOG_FILE = value;
      expect(getLogFileDir()).toBeNull();
    });

    it('maps true to ./.kith/logs', () => {
      process.env.LOG_FILE = 'true';
      expect(getLogFileDir()).toBe(path.resolve('.kith', 'logs'));
    });

    it('uses a directory path, or the directory of a .log path', () => {
      process.env.LOG_FILE = dir;
      expect(getLogFileDir()).toBe(dir);
      process.env.LOG_FILE = path.join(dir, 'agent.log');
      expect(getLogFileDir()).toBe(dir);
    });
  });

  describe('when LOG_FILE is not set', () => {
    it('writes nothing', () => {
      delete process.env.LOG_FILE;
      logPrompt({ modelType: 'TEXT_LARGE', prompt: 'p', response: 'r' });
      logChat({ direction: 'in', roomId: 'room', name: 'Alice', text: 'hi' });
      expect(existsSync(path.join(dir, 'prompts.log'))).toBe(false);
      expect(existsSync(path.join(dir, 'chat.log'))).toBe(false);
    });
  });

  describe('prompts.log', () => {
    beforeEach(() => {
      process.env.LOG_FILE = dir;
    });

    it('records the prompt and the response of each model call', () => {
      logPrompt({
        modelType: 'TEXT_LARGE',
        provider: 'openai',
        prompt: '<task>Reply to Alice</task>\nmore',
        response: 'Hi Alice',
      });
      logPrompt({ modelType: 'TEXT_SMALL', prompt: 'second', response: { decision: 'RESPOND' } });
      const log = read('prompts.log');
      expect(log).toMatch(
        /^==== \d{4}-\d\d-\d\dT[\d:.]+Z TEXT_LARGE \(openai\) \| Reply to Alice ====\n--- prompt ---\n<task>Reply to Alice<\/task>\nmore\n--- response ---\nHi Alice\n\n/,
      );
      expect(log).toContain('TEXT_SMALL | second');
      expect(log).toContain('"decision": "RESPOND"');
    });

    it('skips embeddings', () => {
      logPrompt({ modelType: 'TEXT_EMBEDDING', prompt: 'embed me', response: [0.1, 0.2] });
      expect(existsSync(path.join(dir, 'prompts.log'))).toBe(false);
    });

    it('strips ANSI codes', () => {
      logPrompt({
        modelType: 'TEXT_LARGE',
        prompt: '\u001b[31mred\u001b[0m prompt',
        response: '\u001b[1mbold\u001b[22m',
      });
      const log = read('prompts.log');
      expect(log).not.toContain('\u001b');
      expect(log).toContain('red prompt');
      expect(log).toContain('bold');
    });

    it('truncates very long bodies', () => {
      logPrompt({ modelType: 'TEXT_LARGE', prompt: 'x'.repeat(150_000), response: 'ok' });
      const log = read('prompts.log');
      expect(log).toContain('[truncated 50000 chars]');
      expect(log.length).toBeLessThan(110_000);
    });

    it('creates a missing directory', () => {
      process.env.LOG_FILE = path.join(dir, 'nested', 'logs');
      logPrompt({ modelType: 'TEXT_LARGE', prompt: 'p', response: 'r' });
      expect(readFileSync(path.join(dir, 'nested', 'logs', 'prompts.log'), 'utf8')).toContain('--- prompt ---\np');
    });

    it('handles non-string prompts and unserialisable responses', () => {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      logPrompt({ modelType: 'OBJECT_SMALL', prompt: { prompt: 'from params' }, response: circular });
      expect(read('prompts.log')).toContain('"prompt": "from params"');
    });
  });

  describe('chat.log', () => {
    beforeEach(() => {
      process.env.LOG_FILE = dir;
    });

    it('writes one line per inbound message and per response, with the action', () => {
      logChat({ direction: 'in', roomId: 'room-1', name: 'Alice', text: 'hello\nthere' });
      logChat({ direction: 'out', roomId: 'room-1', name: 'Eliza', text: 'hi Alice', actionName: 'REPLY' });
      const lines = read('chat.log').trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^\S+Z IN {2}room=room-1 Alice: hello\\nthere$/);
      expect(lines[1]).toMatch(/^\S+Z OUT room=room-1 Eliza \[REPLY\]: hi Alice$/);
    });

    it('strips ANSI codes', () => {
      logChat({ direction: 'out', roomId: 'r', name: '\u001b[32mEliza\u001b[39m', text: '\u001b[1mhi\u001b[22m' });
      expect(read('chat.log')).toMatch(/OUT room=r Eliza: hi\n$/);
    });

    it('reads LOG_FILE at call time', () => {
      delete process.env.LOG_FILE;
      logChat({ direction: 'in', roomId: 'r', name: 'A', text: 'dropped' });
      process.env.LOG_FILE = dir;
      logChat({ direction: 'in', roomId: 'r', name: 'A', text: 'kept' });
      expect(read('chat.log')).not.toContain('dropped');
      expect(read('chat.log')).toContain('kept');
    });

    it('never throws when the directory cannot be written', () => {
      const file = path.join(dir, 'not-a-dir');
      writeFileSync(file, 'x');
      process.env.LOG_FILE = file;
      const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
      try {
        expect(() => logChat({ direction: 'in', roomId: 'r', name: 'A', text: 'x' })).not.toThrow();
        expect(() => logPrompt({ modelType: 'TEXT_LARGE', prompt: 'p', response: 'r' })).not.toThrow();
      } finally {
        write.mockRestore();
      }
    });
  });
});

describe('stripAnsi', () => {
  it('removes colour, cursor and hyperlink sequences', () => {
    expect(
      stripAnsi('\u001b[38;5;196mred\u001b[0m \u001b[2K\u001b[1Gline \u001b]8;;https://x\u0007link\u001b]8;;\u0007'),
    ).toBe('red line link');
  });

  it('leaves plain text alone', () => {
    expect(stripAnsi('plain [text] 100%')).toBe('plain [text] 100%');
  });
});
