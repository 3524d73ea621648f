import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDotEnv } from './load-dot-env';

describe('loadDotEnv', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'kith-dotenv-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('sets what the environment lacks and keeps what it has (the environment wins)', () => {
    writeFileSync(
      join(dir, '.env'),
      '# keys\nOPENAI_API_KEY=sk-file\nexport TELEGRAM_BOT_TOKEN="123:abc"\nLOG_LEVEL=debug # comment\n',
    );
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn' };
    const result = loadDotEnv(dir, env);
    expect(env).toEqual({ LOG_LEVEL: 'warn', OPENAI_API_KEY: 'sk-file', TELEGRAM_BOT_TOKEN: '123:abc' });
    expect(result).toEqual({
      file: join(dir, '.env'),
      loaded: ['OPENAI_API_KEY', 'TELEGRAM_BOT_TOKEN'],
      kept: ['LOG_LEVEL'],
    });
  });

  it('treats a variable set to empty in the environment as set', () => {
    writeFileSync(join(dir, '.env'), 'OPENAI_API_KEY=sk-file\n');
    const env: NodeJS.ProcessEnv = { OPENAI_API_KEY: '' };
    loadDotEnv(dir, env);
    expect(env.OPENAI_API_KEY).toBe('');
  });

  it('does nothing without a .env file', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadDotEnv(dir, env)).toEqual({ file: null, loaded: [], kept: [] });
    expect(env).toEqual({});
  });
});
