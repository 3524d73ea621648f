import {
  BudgetExceededError,
  composePrompt,
  parseKeyValueXml,
  randomUuid,
  reflectionTemplate,
  type ActionResult,
  type Entity,
  type Evaluator,
  type IAgentRuntime,
  type Memory,
  type State,
  type UUID,
  type XmlValue,
} from '@kith/core';
import { modelHints } from '../helpers/model-hints';
import { entityNames, findEntityIn } from '../helpers/resolve-entity';
import { countInbound, reflectionInterval, resetInbound } from './reflection-counter';

/** Cosine similarity from which a new fact counts as one already stored. */
export const FACT_DUPLICATE_SIMILARITY = 0.95;
const KNOWN_FACTS = 20;

export interface ReflectionFact {
  claim: string;
  type: string;
}

export interface ReflectionRelationship {
  source: string;
  target: string;
  tags: string[];
}

function str(value: XmlValue | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

function yes(value: XmlValue | undefined): boolean {
  return value === true || str(value).toLowerCase() === 'true';
}

function items(value: XmlValue | undefined): Record<string, XmlValue>[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
  return list.filter(
    (item): item is Record<string, XmlValue> => !!item && typeof item === 'object' && !Array.isArray(item),
  );
}

/** New facts from the model's <facts>: without claims already known or already in the bio. */
export function parseFacts(value: XmlValue | undefined): ReflectionFact[] {
  return items(value)
    .filter((fact) => !yes(fact.already_known) && !yes(fact.in_bio))
    .map((fact) => ({ claim: str(fact.claim), type: str(fact.type).toLowerCase() || 'fact' }))
    .filter((fact) => fact.claim.length > 0);
}

export function parseRelationships(value: XmlValue | undefined): ReflectionRelationship[] {
  return items(value)
    .map((r) => {
      const rawTags = Array.isArray(r.tags)
        ? r.tags.map((t) => (typeof t === 'string' ? t : '')).join(',')
        : str(r.tags);
      const tags = [
        ...new Set(
          rawTags
            .split(',')
            .map((t) => t.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      return { source: str(r.sourceEntityId), target: str(r.targetEntityId), tags };
    })
    .filter((r) => r.source && r.target);
}

function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '');
}

function nameOf(entities: Entity[], id: UUID): string {
  const entity = entities.find((e) => e.id === id);
  return entity ? (entityNames(entity)[0] ?? 'Unknown') : 'Unknown';
}

async function storeFacts(
  runtime: IAgentRuntime,
  message: Memory,
  facts: ReflectionFact[],
  known: Memory[],
): Promise<Memory[]> {
  const seen = new Set(known.map((f) => normalise(f.content.text ?? '')));
  const stored: Memory[] = [];
  for (const fact of facts) {
    const key = normalise(fact.claim);
    if (seen.has(key)) continue;
    seen.add(key);
    const memory: Memory = {
      id: randomUuid(),
      entityId: runtime.agentId,
      agentId: runtime.agentId,
      roomId: message.roomId,
      ...(message.worldId ? { worldId: message.worldId } : {}),
      content: { text: fact.claim, type: fact.type },
      metadata: { source: 'reflection', tags: [fact.type] },
      createdAt: Date.now(),
    };
    await runtime.addEmbeddingToMemory(memory);
    if (memory.embedding) {
      // Deduplicate on write: a paraphrase of a stored fact is not stored again.
      const [nearest] = await runtime.searchMemories({
        tableName: 'facts',
        embedding: memory.embedding,
        roomId: message.roomId,
        count: 1,
        match_threshold: FACT_DUPLICATE_SIMILARITY,
      });
      if (nearest) continue;
    }
    await runtime.createMemory(memory, 'facts', true);
    stored.push(memory);
  }
  return stored;
}

async function storeRelationships(
  runtime: IAgentRuntime,
  entities: Entity[],
  relationships: ReflectionRelationship[],
): Promise<number> {
  let changed = 0;
  for (const relationship of relationships) {
    const source = findEntityIn(entities, relationship.source)?.id;
    const target = findEntityIn(entities, relationship.target)?.id;
    if (!source || !target || source === target) {
      runtime.logger.debug({ relationship }, 'REFLECTION: relationship names no known entity; skipped');
      continue;
    }
    const now = Date.now();
    const existing = await runtime.getRelationship({ sourceEntityId: source, targetEntityId: target });
    if (existing) {
      const interactions = typeof existing.metadata?.interactions === 'number' ? existing.metadata.interactions : 0;
      await runtime.updateRelationship({
        ...existing,
        tags: [...new Set([...existing.tags, ...relationship.tags])],
        metadata: { ...existing.metadata, interactions: interactions + 1, lastInteractionAt: now },
      });
    } else {
      await runtime.createRelationship({
        sourceEntityId: source,
        targetEntityId: target,
        tags: relationship.tags,
        metadata: { interactions: 1, lastInteractionAt: now },
      });
    }
    changed++;
  }
  return changed;
}

async function buildPrompt(
  runtime: IAgentRuntime,
  message: Memory,
  state: State | undefined,
  entities: Entity[],
  known: Memory[],
): Promise<string> {
  const count = Math.min(40, Math.max(10, reflectionInterval(runtime) * 2));
  const recent = (await runtime.getMemories({ tableName: 'messages', roomId: message.roomId, count })).reverse();
  const recentMessages = recent
    .filter((m) => m.content.text)
    .map((m) => `${nameOf(entities, m.entityId)}: ${m.content.text}`)
    .join('\n');
  const entitiesInRoom = entities
    .map(
      (e) => `- ${entityNames(e).join(' / ') || 'Unknown'} [${e.id}]${e.id === runtime.agentId ? ' (the agent)' : ''}`,
    )
    .join('\n');
  const knownFacts = known.map((f) => `- ${f.content.text}`).join('\n') || 'None yet.';
  return composePrompt({
    state: { ...(state?.values ?? {}), agentName: runtime.character.name, entitiesInRoom, knownFacts, recentMessages },
    template: runtime.getTemplate('reflectionTemplate') ?? reflectionTemplate,
  });
}

/**
 * REFLECTION: every REFLECTION_INTERVAL inbound messages of a room (default
 * 8), one TEXT_SMALL call with reflectionTemplate extracts new facts and the
 * relationships between the people in the room. Facts are stored in the
 * `facts` table with an embedding, skipping near-duplicates; relationships
 * are created or get their tags merged and interaction count raised. Names
 * in the model's answer are resolved to entity ids without a model call.
 * elizaOS reflects on nearly every message of a long room; the count here
 * lives in validate() so the evaluator runs at most once per interval.
 */
export const reflectionEvaluator: Evaluator = {
  name: 'REFLECTION',
  similes: ['REFLECT', 'SELF_REFLECT', 'EXTRACT_FACTS', 'LEARN'],
  description: 'Learns facts about the people in the conversation and their relationships, every few messages.',
  // Counts every inbound message, answered or not, so the interval means what it says.
  alwaysRun: true,
  validate: async (runtime, message) => {
    if (message.entityId === runtime.agentId) return false;
    const interval = reflectionInterval(runtime);
    if (interval <= 0) return false;
    return countInbound(runtime, message.roomId) >= interval;
  },
  handler: async (runtime, message, state): Promise<ActionResult> => {
    resetInbound(runtime, message.roomId);
    const [entities, known] = await Promise.all([
      runtime.getEntitiesForRoom(message.roomId),
      runtime.getMemories({ tableName: 'facts', roomId: message.roomId, count: KNOWN_FACTS }),
    ]);
    const prompt = await buildPrompt(runtime, message, state, entities, known);
    let output: string;
    try {
      output = await runtime.useModelInBackground('TEXT_SMALL', {
        prompt,
        hints: modelHints('reflection', message, state),
      });
    } catch (error) {
      // Past the daily cost budget with a set message there is no model to reflect with: skip quietly.
      if (!BudgetExceededError.isInstance(error)) throw error;
      runtime.logger.debug({ roomId: message.roomId }, 'REFLECTION skipped: the daily cost budget is spent');
      return { success: false, error: 'The daily cost budget is spent' };
    }
    const parsed = parseKeyValueXml(output);
    if (!parsed) {
      runtime.logger.warn({ roomId: message.roomId }, 'REFLECTION: the model answer had no XML; nothing stored');
      return { success: false, error: 'Reflection output could not be parsed' };
    }
    const facts = await storeFacts(runtime, message, parseFacts(parsed.facts), known);
    const relationships = await storeRelationships(runtime, entities, parseRelationships(parsed.relationships));
    runtime.logger.debug(
      { roomId: message.roomId, facts: facts.length, relationships },
      'REFLECTION stored what it learned',
    );
    return {
      success: true,
      values: { reflectionThought: str(parsed.thought) },
      data: { facts: facts.map((f) => f.content.text ?? ''), relationships },
    };
  },
  examples: [
    {
      prompt: 'Agent Eliza talks with Ada in a DM.',
      messages: [
        { name: 'Ada', content: { text: 'I just moved to Lisbon for a job at a bakery.' } },
        { name: 'Eliza', content: { text: 'How exciting! How is the new job?' } },
      ],
      outcome:
        '<response><thought>Ada shared news about her life.</thought><facts><fact><claim>Ada lives in Lisbon</claim><type>fact</type><in_bio>false</in_bio><already_known>false</already_known></fact></facts><relationships><relationship><sourceEntityId>Ada</sourceEntityId><targetEntityId>Eliza</targetEntityId><tags>dm_interaction,friendly</tags></relationship></relationships></response>',
    },
  ],
};
