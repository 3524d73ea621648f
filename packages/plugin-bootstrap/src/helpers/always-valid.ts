import type { Validator } from '@kith/core';

const VALID: Promise<boolean> = Promise.resolve(true);

/** The validate of actions offered in every turn: one settled promise, shared, instead of a new one per turn. */
export const alwaysValid: Validator = () => VALID;
