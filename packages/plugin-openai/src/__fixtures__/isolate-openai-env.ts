import { OPENAI_SETTING_KEYS } from '../config/openai-config';

/**
 * Clears the OPENAI_* variables for the tests of this file and restores them
 * after: a developer's own key or base URL must not leak into the tests.
 */
export function isolateOpenAIEnv(): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const key of OPENAI_SETTING_KEYS) {
      saved[key] = process.env[key];
      delete process.env[key];
    }
  });
  afterAll(() => {
    for (const key of OPENAI_SETTING_KEYS) if (saved[key] !== undefined) process.env[key] = saved[key];
  });
}
