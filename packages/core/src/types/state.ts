import type { ActionResult } from './components';
import type { Entity, Room, World } from './environment';

/** What providers put together for one turn. */
export interface State {
  /** Template variables (agentName, recentMessages, ...). */
  values: Record<string, unknown>;
  /** Raw provider data (`data.providers[NAME]`) and action results. */
  data: StateData;
  /** Every provider's text joined, in position order. */
  text: string;
  [key: string]: unknown;
}

export type ProviderValue = unknown;
export type ProviderDataRecord = Record<string, unknown>;

export interface ProviderResult {
  text?: string;
  values?: Record<string, ProviderValue>;
  data?: ProviderDataRecord;
}

/** One step of a multi-step action plan. */
export interface ActionPlanStep {
  action: string;
  status: 'pending' | 'completed' | 'failed';
  error?: string;
  result?: ActionResult;
}

/** A multi-step action plan, kept in `state.data.actionPlan`. */
export interface ActionPlan {
  thought: string;
  totalSteps: number;
  currentStep: number;
  steps: ActionPlanStep[];
}

/** What providers and actions keep in `state.data` (elizaOS's typed view; any other key is allowed). */
export interface StateData {
  room?: Room;
  world?: World;
  entity?: Entity;
  providers?: Record<string, ProviderDataRecord>;
  actionPlan?: ActionPlan;
  actionResults?: ActionResult[];
  [key: string]: unknown;
}
