import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as barrel from './index';
import { createLogger, elizaLogger, logger } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

describe('createLogger', () => {
  it('writes JSON lines with the namespace', () => {
    const { lines, destination } = capture();
    createLogger({ json: true, namespace: 'core:test', destination }).info('hello');
    expect(lines[0]).toMatchObject({ msg: 'hello', ns: 'core:test', level: 30 });
  });

  it("keeps elizaOS-style extra arguments (logger.info('text', value))", () => {
    const { lines, destination } = capture();
    const log = createLogger({ json: true, destination });
    // pino's types reject this call shape; plugins written against elizaOS make it anyway.
    const elizaStyle = log as unknown as Record<'info' | 'error', (...args: unknown[]) => void>;
    elizaStyle.info('with details', { a: 1 });
    elizaStyle.info('with several', 1, 'two');
    elizaStyle.error('failed', new Error('boom'));
    expect(lines[0]).toMatchObject({ msg: 'with details', details: { a: 1 } });
    expect(lines[1]).toMatchObject({ msg: 'with several', details: [1, 'two'] });
    expect(lines[2]).toMatchObject({ msg: 'failed', err: { message: 'boom' } });
  });

  it('keeps pino-style calls and format strings', () => {
    const { lines, destination } = capture();
    const log = createLogger({ json: true, destination });
    log.info({ runId: 'r1' }, 'object first');
    log.info('count %d', 5);
    expect(lines[0]).toMatchObject({ msg: 'object first', runId: 'r1' });
    expect(lines[1]).toMatchObject({ msg: 'count 5' });
  });

  it('honours the level and falls back to info for unknown levels', () => {
    const { lines, destination } = capture();
    const log = createLogger({ json: true, level: 'warn', destination });
    log.info('dropped');
    log.warn('kept');
    expect(lines.map((line) => line.msg)).toEqual(['kept']);
    expect(createLogger({ json: true, level: 'loud', destination }).level).toBe('info');
  });

  it('writes pretty output without colours to a given destination', () => {
    let output = '';
    const log = createLogger({ json: false, destination: { write: (chunk: string) => void (output += chunk) } });
    log.info('pretty line');
    expect(output).toContain('pretty line');
    expect(output).not.toContain('\u001b[');
  });
});

describe('exports', () => {
  it('elizaLogger is the default logger', () => {
    expect(elizaLogger).toBe(logger);
    expect(typeof logger.info).toBe('function');
  });

  it('the barrel re-exports the logger and the file logs', () => {
    expect(barrel.logger).toBe(logger);
    expect(barrel.createLogger).toBe(createLogger);
    expect(typeof barrel.logPrompt).toBe('function');
    expect(typeof barrel.logChat).toBe('function');
    expect(typeof barrel.getLogFileDir).toBe('function');
  });
});

describe('elizaOS compatibility methods', () => {
  type ElizaStyle = { success(msg: string): void; progress(msg: string): void; log(msg: string): void; clear(): void };

  it('has success, progress and log levels (below info, as in elizaOS) and clear()', () => {
    const { lines, destination } = capture();
    const log = createLogger({ json: true, level: 'success', destination }) as unknown as ElizaStyle;
    log.success('done');
    log.progress('half way');
    log.log('plain');
    expect(() => log.clear()).not.toThrow();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [27, 'done'],
      [28, 'half way'],
      [29, 'plain'],
    ]);
  });

  it('hides them at the default info level', () => {
    const { lines, destination } = capture();
    const log = createLogger({ json: true, level: 'info', destination }) as unknown as ElizaStyle;
    log.success('hidden');
    expect(lines).toEqual([]);
  });

  it('the default logger has them', () => {
    expect(typeof (logger as unknown as ElizaStyle).success).toBe('function');
    expect(typeof (elizaLogger as unknown as ElizaStyle).clear).toBe('function');
  });
});

describe('createLogger for operators', () => {
  it('writes an error without its stack above debug, and with it at debug', () => {
    const { lines, destination } = capture();
    const error = Object.assign(new Error('model server down'), { code: 'KITH_X' });
    createLogger({ json: true, level: 'warn', destination }).warn({ err: error }, 'turn failed');
    createLogger({ json: true, level: 'debug', destination }).warn({ err: error }, 'turn failed');
    expect(lines[0].err).toEqual({ type: 'Error', code: 'KITH_X', message: 'model server down' });
    expect((lines[1].err as { stack: string }).stack).toContain('model server down');
  });

  it('counts identical warnings within the window instead of writing them again', () => {
    jest.useFakeTimers();
    try {
      const { lines, destination } = capture();
      const log = createLogger({ json: true, level: 'warn', destination, repeatWindowMs: 60_000 });
      for (let i = 0; i < 100; i++) log.error({ roomId: `r${i}` }, 'Message processing failed: down');
      log.warn('something else');
      expect(lines.map((line) => line.msg)).toEqual(['Message processing failed: down', 'something else']);
      jest.advanceTimersByTime(60_000);
      expect(lines[2]).toMatchObject({
        level: 50,
        repeated: 99,
        msg: 'Message processing failed: down (repeated 99 more times in 60 s)',
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('never writes credentials: secret fields and tokens in messages are redacted', () => {
    const { lines, destination } = capture();
    const log = createLogger({ json: true, destination });
    log.info(
      { apiKey: 'sk-abcdefgh12345678', settings: { OPENAI_API_KEY: 'x', token: 't0ps3cret' } },
      'using Bearer abcdef123456',
    );
    expect(JSON.stringify(lines[0])).not.toMatch(/abcdefgh12345678|t0ps3cret|abcdef123456/);
    expect(lines[0]).toMatchObject({ apiKey: '[redacted]', msg: 'using Bearer [redacted]' });
  });
});

describe('KITH_LOG_FILE (kith --log-file)', () => {
  it('appends JSON lines to the file instead of stderr', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-log-file-'));
    const file = join(dir, 'logs', 'kith.log');
    const saved = process.env.KITH_LOG_FILE;
    process.env.KITH_LOG_FILE = file;
    try {
      const log = createLogger({ namespace: 'Ada', level: 'warn' });
      log.warn('first');
      log.error('second');
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).toMatchObject([
        { msg: 'first', ns: 'Ada', level: 40 },
        { msg: 'second', level: 50 },
      ]);
    } finally {
      if (saved === undefined) delete process.env.KITH_LOG_FILE;
      else process.env.KITH_LOG_FILE = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
