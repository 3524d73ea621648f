import type { Memory } from './memory';
import type { UUID } from './primitives';
import type { IAgentRuntime } from './runtime';
import type { State } from './state';

export interface TaskMetadata {
  /** Milliseconds between runs of a repeat task. */
  updateInterval?: number;
  options?: { name: string; description: string }[];
  [key: string]: unknown;
}

/** A scheduled or queued unit of work, persisted by the adapter. */
export interface Task {
  id?: UUID;
  name: string;
  description: string;
  updatedAt?: number;
  metadata?: TaskMetadata;
  roomId?: UUID;
  worldId?: UUID;
  entityId?: UUID;
  tags: string[];
}

export interface TaskWorker {
  name: string;
  execute: (runtime: IAgentRuntime, options: Record<string, unknown>, task: Task) => Promise<void>;
  validate?: (runtime: IAgentRuntime, message: Memory, state: State) => Promise<boolean>;
}
