import type { MessageProcessingMode } from '@kith/core';

/** The channel every fleet server LISTENs on (besides the caches' kith_changes). */
export const FLEET_CHANNEL = 'kith_fleet';

/**
 * What fleet servers tell each other (NOTIFY kith_fleet). Payloads carry ids,
 * never message bodies (a chunk's text aside, cut to stay far below
 * PostgreSQL's 8,000-byte limit): the receiver reads what it needs.
 *   i  a message was accepted for a room another server (`o`) holds
 *   d  a message was answered (sent with the entry's commit)
 *   c  a streamed chunk of a reply
 *   b  a server handed its rooms over (a graceful stop)
 */
export type FleetNotice =
  | { k: 'i'; s: string; a: string; r: string; q: number; o: string | null }
  | { k: 'd'; s: string; a: string; r: string; m: string; o?: MessageProcessingMode; e?: string }
  | { k: 'c'; s: string; a: string; r: string; m: string; i: number; t: string }
  | { k: 'b'; s: string; a?: string };

/** Longest chunk text a notice carries; a longer chunk goes in several notices. */
export const CHUNK_TEXT_MAX = 2_000;
/** Longest error text a `d` notice carries. */
export const ERROR_TEXT_MAX = 300;

/**
 * How the notices a server sends itself start: JSON.stringify's for `d` and
 * `c`, the acceptance statement's json_build_object for `i`. A receiver drops
 * its own notices by these prefixes without parsing them.
 */
export function ownNoticePrefixes(serverId: string): string[] {
  const id = JSON.stringify(serverId);
  return [`{"k":"d","s":${id}`, `{"k":"c","s":${id}`, `{"k" : "i", "s" : ${id}`];
}

const str = (value: unknown): value is string => typeof value === 'string';

/** The notice in a payload, or null for anything else (another version's, or garbage). */
export function parseFleetNotice(payload: string): FleetNotice | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!value || !str(value.s)) return null;
  switch (value.k) {
    case 'i':
      return str(value.a) && str(value.r) && typeof value.q === 'number' ? (value as FleetNotice) : null;
    case 'd':
      return str(value.a) && str(value.r) && str(value.m) ? (value as FleetNotice) : null;
    case 'c':
      return str(value.a) && str(value.r) && str(value.m) && typeof value.i === 'number' && str(value.t)
        ? (value as FleetNotice)
        : null;
    case 'b':
      return value as FleetNotice;
    default:
      return null;
  }
}
