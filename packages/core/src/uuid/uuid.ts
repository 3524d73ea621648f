import { hash, randomUUID } from 'node:crypto';
import type { UUID } from '../types/primitives';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function validateUuid(value: unknown): UUID | null {
  return typeof value === 'string' && UUID_PATTERN.test(value) ? (value as UUID) : null;
}

/** Narrows a string to UUID, throwing when it is not one. */
export function asUUID(value: string): UUID {
  const uuid = validateUuid(value);
  if (!uuid) throw new TypeError(`Not a UUID: "${value}"`);
  return uuid;
}

/**
 * Deterministic UUID of a string, identical to elizaOS 1.x: SHA-1 of the
 * URI-encoded text, first 16 bytes, variant bits 10, version nibble 0.
 * A string that already is a UUID comes back unchanged.
 */
export function stringToUuid(target: string | number): UUID {
  const text = typeof target === 'number' ? String(target) : target;
  if (typeof text !== 'string') throw new TypeError('stringToUuid expects a string or number');
  const existing = validateUuid(text);
  if (existing) return existing;
  // One-shot hash to hex, bits set on the text: no Hash object or Buffer per call (this runs for every reply).
  const hex = hash('sha1', encodeURIComponent(text), 'hex');
  const byte6 = (parseInt(hex.slice(12, 14), 16) & 0x0f).toString(16).padStart(2, '0');
  const byte8 = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${byte6}${hex.slice(14, 16)}-${byte8}${hex.slice(18, 20)}-${hex.slice(20, 32)}` as UUID;
}

/** A per-agent UUID for an external id: the same id maps to different UUIDs for different agents. */
export function createUniqueUuid(runtime: { agentId: UUID }, baseUserId: UUID | string): UUID {
  if (baseUserId === runtime.agentId) return runtime.agentId;
  return stringToUuid(`${baseUserId}:${runtime.agentId}`);
}

/** A random v4 UUID. */
export function randomUuid(): UUID {
  return randomUUID();
}
