import { describe, expect, it } from '@jest/globals';
import { stringToUuid } from '../../../uuid/uuid';
import { prewarmUuidCache } from './prewarm-uuid-cache';

describe('prewarmUuidCache (elizaOS 1.7)', () => {
  it('resolves and leaves stringToUuid unchanged', async () => {
    const before = stringToUuid('warm me');
    await expect(prewarmUuidCache(['warm me', 'another'])).resolves.toBeUndefined();
    expect(stringToUuid('warm me')).toBe(before);
  });
});
