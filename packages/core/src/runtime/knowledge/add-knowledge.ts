import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BatchProcessor } from '../../batch-queue/batch-processor';
import { Semaphore } from '../../batch-queue/semaphore';
import { type Memory, type MemoryMetadata, MemoryType } from '../../types/memory';
import type { IAgentRuntime } from '../../types/runtime';
import { createUniqueUuid } from '../../uuid/uuid';
import { embedTexts } from '../models/embed-texts';
import type { AddKnowledgeOptions, AddKnowledgeResult, KnowledgeInput, KnowledgeProgress } from '../../types/knowledge';
import { splitIntoChunks } from '../../text/split-into-chunks';

/** Table names of the knowledge base (elizaOS: documents and knowledge). */
export const KNOWLEDGE_TABLES = { documents: 'documents', fragments: 'knowledge' } as const;

/** Per runtime: whether any knowledge fragment is stored, so agents without knowledge skip the embedding call. */
const hasKnowledge = new WeakMap<IAgentRuntime, boolean>();

async function readInput(input: KnowledgeInput): Promise<{ text: string; source?: string }> {
  if ('path' in input) return { text: await readFile(input.path, 'utf8'), source: path.resolve(input.path) };
  if ('text' in input) return { text: input.text };
  return { text: input.content.text ?? '' };
}

/**
 * Stores a document and its fragments: the document in `documents`, each
 * chunk in `knowledge` with `metadata.documentId` and `position`. Chunks are
 * embedded through a bounded BatchProcessor (never an unbounded
 * Promise.all): at most `maxParallel` embedding calls are in flight. Adding
 * the same document twice is a no-op.
 */
export async function addKnowledge(
  runtime: IAgentRuntime,
  input: KnowledgeInput,
  options: AddKnowledgeOptions = {},
): Promise<AddKnowledgeResult> {
  const { text, source } = await readInput(input);
  const documentId =
    input.id ?? createUniqueUuid(runtime, `knowledge:${createHash('sha1').update(text).digest('hex')}`);
  if (await runtime.getMemoryById(documentId)) return { documentId, fragments: 0, failed: 0, alreadyKnown: true };

  const metadata: MemoryMetadata = { ...input.metadata, ...(source ? { source } : {}), timestamp: Date.now() };
  const chunks = splitIntoChunks(text, options);
  const configured = Number(runtime.getSetting('KNOWLEDGE_MAX_PARALLEL'));
  const maxParallel = Math.max(
    1,
    options.maxParallel ?? (Number.isFinite(configured) && configured > 0 ? configured : 4),
  );
  const semaphore = new Semaphore(maxParallel);
  const progress: KnowledgeProgress = { documentId, done: 0, failed: 0, total: chunks.length };
  const report = async () => {
    options.onProgress?.({ ...progress });
    await runtime.emitEvent('KNOWLEDGE_PROGRESS', { ...progress, source: 'knowledge' });
  };

  const batchSize = Math.max(1, options.batchSize ?? 32);
  const batches: { position: number; text: string }[][] = [];
  for (let i = 0; i < chunks.length; i += batchSize) {
    batches.push(chunks.slice(i, i + batchSize).map((chunk, j) => ({ position: i + j, text: chunk })));
  }
  const canEmbed = Boolean(runtime.getModel('TEXT_EMBEDDING'));
  const processor = new BatchProcessor<{ position: number; text: string }[], void>({
    maxParallel,
    process: async (batch) => {
      const vectors = canEmbed
        ? await embedTexts(
            runtime,
            batch.map((f) => f.text),
            { semaphore },
          )
        : [];
      for (const [index, fragment] of batch.entries()) {
        const memory: Memory = {
          id: createUniqueUuid(runtime, `${documentId}:fragment:${fragment.position}`),
          entityId: runtime.agentId,
          agentId: runtime.agentId,
          roomId: runtime.agentId,
          content: { text: fragment.text },
          embedding: vectors[index],
          metadata: { ...metadata, type: MemoryType.FRAGMENT, documentId, position: fragment.position },
        };
        await runtime.createMemory(memory, KNOWLEDGE_TABLES.fragments, true);
      }
      hasKnowledge.set(runtime, true);
      progress.done += batch.length;
      await report();
    },
    onExhausted: async (batch, error) => {
      progress.failed += batch.length;
      runtime.logger.warn(
        { err: error, documentId, fragments: batch.length },
        `Could not embed ${batch.length} knowledge fragments`,
      );
      await report();
    },
  });

  await processor.run(batches);
  // The document goes last and only when complete: after a crash or a failed batch, adding it again redoes the fragments.
  if (progress.failed > 0) {
    runtime.logger.warn(
      { documentId, failed: progress.failed },
      `Knowledge document ${documentId} is incomplete (${progress.failed} fragments failed); add it again to retry`,
    );
    return { documentId, fragments: progress.done, failed: progress.failed, alreadyKnown: false };
  }
  await runtime.createMemory(
    {
      id: documentId,
      entityId: runtime.agentId,
      agentId: runtime.agentId,
      roomId: runtime.agentId,
      content: { text },
      metadata: { ...metadata, type: MemoryType.DOCUMENT, fragmentCount: chunks.length },
    },
    KNOWLEDGE_TABLES.documents,
    true,
  );
  return { documentId, fragments: progress.done, failed: progress.failed, alreadyKnown: false };
}

/** The fragments most similar to `text` (empty when nothing is known or no embedder is registered). */
export async function searchKnowledge(
  runtime: IAgentRuntime,
  text: string,
  count = 5,
  embedding?: number[],
): Promise<Memory[]> {
  if (!text.trim() || !runtime.getModel('TEXT_EMBEDDING')) return [];
  if (!hasKnowledge.has(runtime)) {
    const [any] = await runtime.getMemories({
      tableName: KNOWLEDGE_TABLES.fragments,
      roomId: runtime.agentId,
      count: 1,
    });
    hasKnowledge.set(runtime, Boolean(any));
  }
  if (!hasKnowledge.get(runtime)) return [];
  const vector = embedding ?? (await embedTexts(runtime, [text]))[0];
  return runtime.searchMemories({
    tableName: KNOWLEDGE_TABLES.fragments,
    embedding: vector,
    count,
    query: text,
    match_threshold: 0.1,
  });
}
