import type { Action } from '@kith/core';
import { alwaysValid } from '../helpers/always-valid';

/** A no-op, for when the reply alone is enough and no action applies. */
export const noneAction: Action = {
  name: 'NONE',
  similes: ['NO_ACTION', 'NO_RESPONSE', 'PASS'],
  description: 'No extra action; use alongside REPLY when nothing else is needed.',
  priority: 80,
  validate: alwaysValid,
  handler: async () => ({ success: true }),
  examples: [],
};
