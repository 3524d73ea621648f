import { createHash } from 'node:crypto';
import type { UUID } from '../types/primitives';
import { asUUID, createUniqueUuid, randomUuid, stringToUuid, validateUuid } from './uuid';

/** The elizaOS 1.x algorithm, written out independently of uuid.ts. */
function referenceUuid(text: string): string {
  const bytes = Array.from(createHash('sha1').update(encodeURIComponent(text)).digest().subarray(0, 16));
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  bytes[6] = bytes[6] & 0x0f;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join('-');
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-0[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('stringToUuid', () => {
  it.each([
    'Eliza',
    'hello world',
    '',
    'héllo ✓ 🚀',
    "it's (a) test!*~",
    'discord:123456789012345678',
    'a/b?c=d&e=f#g',
    'x'.repeat(10_000),
  ])('matches the elizaOS algorithm for %p', (text) => {
    expect(stringToUuid(text)).toBe(referenceUuid(text));
  });

  it.each([
    // The default elizaOS agent id: stringToUuid('Eliza').
    ['Eliza', 'b850bc30-45f8-0041-a00a-83df46d8555d'],
    ['hello world', 'f0355dd5-2823-054c-ae66-a0b12842c215'],
    ['test', 'a94a8fe5-ccb1-0ba6-9c4c-0873d391e987'],
    ['', 'da39a3ee-5e6b-0b0d-b255-bfef95601890'],
    ['héllo ✓', '5609fa81-3ae2-0bd9-bc42-b3f344b7b910'],
  ])('gives the known value for %p', (text, expected) => {
    expect(stringToUuid(text)).toBe(expected);
  });

  it('stringifies numbers first', () => {
    expect(stringToUuid(12345)).toBe('8cb2237d-0679-0a88-9b64-64eac60da963');
    expect(stringToUuid(12345)).toBe(stringToUuid('12345'));
  });

  it('has version nibble 0 and variant bits 10', () => {
    for (const text of ['a', 'b', 'c', 'Eliza', 'room-1']) expect(stringToUuid(text)).toMatch(UUID_SHAPE);
  });

  it('returns a UUID input unchanged', () => {
    const id = '123e4567-e89b-42d3-a456-426614174000';
    expect(stringToUuid(id)).toBe(id);
    expect(stringToUuid('B850BC30-45F8-0041-A00A-83DF46D8555D')).toBe('B850BC30-45F8-0041-A00A-83DF46D8555D');
  });

  it('is deterministic and distinguishes inputs', () => {
    expect(stringToUuid('same')).toBe(stringToUuid('same'));
    expect(stringToUuid('Same')).not.toBe(stringToUuid('same'));
  });

  it('rejects non-string, non-number input', () => {
    expect(() => stringToUuid(undefined as unknown as string)).toThrow(TypeError);
    expect(() => stringToUuid({} as unknown as string)).toThrow(TypeError);
  });
});

describe('createUniqueUuid', () => {
  const agentA = { agentId: stringToUuid('Agent A') };
  const agentB = { agentId: stringToUuid('Agent B') };

  it('is stringToUuid(`${id}:${agentId}`)', () => {
    expect(createUniqueUuid(agentA, 'user-1')).toBe(referenceUuid(`user-1:${agentA.agentId}`));
  });

  it('differs per agent and is stable', () => {
    expect(createUniqueUuid(agentA, 'user-1')).not.toBe(createUniqueUuid(agentB, 'user-1'));
    expect(createUniqueUuid(agentA, 'user-1')).toBe(createUniqueUuid(agentA, 'user-1'));
    expect(createUniqueUuid(agentA, 'user-1')).not.toBe(createUniqueUuid(agentA, 'user-2'));
  });

  it("returns the agent's own id for the agent id", () => {
    expect(createUniqueUuid(agentA, agentA.agentId)).toBe(agentA.agentId);
  });

  it('maps a UUID base id too', () => {
    const base = '00000000-0000-0000-0000-000000000001' as UUID;
    expect(createUniqueUuid(agentA, base)).toBe(referenceUuid(`${base}:${agentA.agentId}`));
  });
});

describe('asUUID / validateUuid / randomUuid', () => {
  it('asUUID returns a valid UUID and throws on garbage', () => {
    const id = '123e4567-e89b-12d3-a456-426614174000';
    expect(asUUID(id)).toBe(id);
    for (const bad of [
      '',
      'not-a-uuid',
      '123e4567e89b12d3a456426614174000',
      `${id}0`,
      ` ${id}`,
      'g23e4567-e89b-12d3-a456-426614174000',
    ]) {
      expect(() => asUUID(bad)).toThrow(TypeError);
    }
  });

  it('validateUuid returns null instead of throwing', () => {
    expect(validateUuid('123e4567-e89b-12d3-a456-426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
    expect(validateUuid('nope')).toBeNull();
    expect(validateUuid(42)).toBeNull();
    expect(validateUuid(null)).toBeNull();
  });

  it('randomUuid gives distinct v4 UUIDs', () => {
    const a = randomUuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUuid()).not.toBe(a);
  });
});
