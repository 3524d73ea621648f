import type { Evaluator } from '@kith/core';
import { reflectionEvaluator } from './reflection';

/** The core evaluators. */
export const bootstrapEvaluators: Evaluator[] = [reflectionEvaluator];
