import { createHash, randomUUID } from 'node:crypto';
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
  const bytes = createHash('sha1').update(encodeURIComponent(text)).digest().subarray(0, 16);
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  bytes[6] = bytes[6] & 0x0f;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` as UUID;
}

/** A per-agent UUID for an external id: the same id maps to different UUIDs for different agents. */
export function createUniqueUuid(runtime: { agentId: UUID }, baseUserId: UUID | string): UUID {
  if (baseUserId === runtime.agentId) return runtime.agentId;
  return stringToUuid(`${baseUserId}:${runtime.agentId}`);
}

/** A random v4 UUID. */
export function randomUuid(): UUID {
  return randomUUID() as UUID;
}
