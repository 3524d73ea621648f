import { expect } from '@jest/globals';
import { type IDatabaseAdapter, KithError, randomUuid, type UUID } from '../../index';
import { seededRandom } from '../seeded-random';

/** What each contract test gets: a fresh, initialised adapter and the agent it serves. */
export interface ContractFixture {
  adapter: IDatabaseAdapter;
  agentId: UUID;
}

/** Valid only inside a test (the suite creates a fixture before each one). */
export type FixtureAccessor = () => ContractFixture;

export const id = (): UUID => randomUuid();

/** A deterministic pseudo-random unit vector (mulberry32), so failures reproduce. */
export function unitVector(seed: number, dimension = 384): number[] {
  const random = seededRandom(seed);
  const vector = Array.from({ length: dimension }, () => random() - 0.5);
  const norm = Math.hypot(...vector);
  return vector.map((x) => x / norm);
}

/** A unit vector whose cosine similarity to unit vector `base` is exactly `similarity`. */
export function vectorAtSimilarity(base: number[], similarity: number, seed: number): number[] {
  const noise = unitVector(seed, base.length);
  const dot = noise.reduce((sum, x, i) => sum + x * base[i], 0);
  const orthogonal = noise.map((x, i) => x - dot * base[i]);
  const norm = Math.hypot(...orthogonal);
  const sine = Math.sqrt(1 - similarity * similarity);
  return base.map((x, i) => similarity * x + (sine * orthogonal[i]) / norm);
}

export async function expectKithError(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(KithError.hasCode(error, code)).toBe(true);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
