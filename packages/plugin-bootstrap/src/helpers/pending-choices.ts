import { ChannelType, Role, type IAgentRuntime, type Memory, type Task, type UUID } from '@kith/core';
import { roleIn } from './world-roles';
import { roomOf, worldOf } from './turn-lookups';

/** The tag of tasks waiting for the user to pick one of their options (elizaOS). */
export const AWAITING_CHOICE = 'AWAITING_CHOICE';

export interface ChoiceOption {
  name: string;
  description?: string;
}

/** A task's options; elizaOS allows plain strings as well as {name, description}. */
export function optionsOf(task: Task): ChoiceOption[] {
  const raw: unknown = task.metadata?.options;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((option): ChoiceOption[] => {
    if (typeof option === 'string') return option.trim() ? [{ name: option.trim() }] : [];
    if (option && typeof option === 'object' && typeof (option as ChoiceOption).name === 'string') {
      const { name, description } = option as ChoiceOption;
      return [{ name, ...(typeof description === 'string' ? { description } : {}) }];
    }
    return [];
  });
}

/** Tasks of the room that await a choice and have options. */
export async function pendingChoices(runtime: IAgentRuntime, roomId: UUID): Promise<Task[]> {
  const tasks = await runtime.getTasks({ roomId, tags: [AWAITING_CHOICE] });
  return tasks.filter((task) => optionsOf(task).length > 0);
}

/** Shared by every room without pending choices; frozen so no caller can change it for the others. */
const NO_CHOICES = Object.freeze([]) as unknown as Task[];

interface ChoiceCache {
  /** Every pending choice of the agent, by room; null until read, and again after a task write. */
  byRoom: Promise<Map<UUID, Task[]>> | null;
}

const caches = new WeakMap<IAgentRuntime, ChoiceCache>();

/**
 * Pending choices change only through task writes, and the runtime reports
 * those (onTasksChanged), so the agent's pending choices are read once, for
 * all rooms, and kept until the next task write: an ordinary turn costs no
 * task query, and a room seen for the first time none either. Rooms without
 * a pending choice take no memory. A runtime without that hook is asked
 * every time.
 */
function cacheOf(runtime: IAgentRuntime): ChoiceCache | null {
  let cache = caches.get(runtime);
  if (!cache) {
    if (typeof runtime.onTasksChanged !== 'function') return null;
    const created: ChoiceCache = { byRoom: null };
    runtime.onTasksChanged(() => (created.byRoom = null));
    caches.set(runtime, created);
    cache = created;
  }
  return cache;
}

async function pendingChoicesByRoom(runtime: IAgentRuntime): Promise<Map<UUID, Task[]>> {
  const byRoom = new Map<UUID, Task[]>();
  for (const task of await runtime.getTasks({ tags: [AWAITING_CHOICE] })) {
    if (!task.roomId || optionsOf(task).length === 0) continue;
    const list = byRoom.get(task.roomId) ?? [];
    list.push(task);
    byRoom.set(task.roomId, list);
  }
  return byRoom;
}

/** pendingChoices of the message's room, for validate and the CHOICE provider (cached until a task write). */
export async function pendingChoicesForTurn(runtime: IAgentRuntime, message: Memory): Promise<Task[]> {
  const cache = cacheOf(runtime);
  if (!cache) return pendingChoices(runtime, message.roomId);
  let load = cache.byRoom;
  if (!load) {
    const started = pendingChoicesByRoom(runtime).catch((error: unknown) => {
      if (cache.byRoom === started) cache.byRoom = null;
      throw error;
    });
    cache.byRoom = load = started;
  }
  return (await load).get(message.roomId) ?? NO_CHOICES;
}

/**
 * Who may answer a choice: the person the task was created for; for a task
 * created for nobody in particular, anyone in a DM; and always an OWNER or
 * ADMIN of the room's world. (elizaOS allows only OWNER/ADMIN, so a user
 * cannot answer a question the agent asked them.)
 */
export async function mayChoose(runtime: IAgentRuntime, message: Memory, task: Task): Promise<boolean> {
  if (task.entityId === message.entityId) return true;
  if (!task.entityId && (await roomOf(runtime, message))?.type === ChannelType.DM) return true;
  const role = roleIn(await worldOf(runtime, message), message.entityId);
  return role === Role.OWNER || role === Role.ADMIN;
}

/** The first 8 characters of a task id: what the CHOICE provider shows and the model repeats. */
export function shortTaskId(task: Task): string {
  return (task.id ?? '').slice(0, 8);
}
