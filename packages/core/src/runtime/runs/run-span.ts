import type { UUID } from '../../types/primitives';
import { agentAttributes } from '../tracing/gen-ai-attributes';
import { inSpan } from '../tracing/spans';
import type { RunTracker } from './run-context';

/**
 * Runs `fn` inside its own run (`runs.within`) under a `kith.run` span: the
 * parent of everything the turn does (state, providers, model calls,
 * actions, evaluators).
 */
export function withRunSpan<T>(
  runs: RunTracker,
  agent: { readonly agentId: UUID; readonly character: { name: string } },
  roomId: UUID | undefined,
  fn: (runId: UUID) => Promise<T>,
): Promise<T> {
  // GenAI's invoke_agent operation; the span keeps Kith's name, kith.run.
  const attributes = () => ({
    'gen_ai.operation.name': 'invoke_agent',
    ...agentAttributes({ agentId: agent.agentId, agentName: agent.character.name, roomId }),
    'kith.agent.id': agent.agentId,
    'kith.agent.name': agent.character.name,
    ...(roomId ? { 'kith.room.id': roomId } : {}),
  });
  return inSpan('kith.run', attributes, (span) =>
    runs.within(roomId, (runId) => {
      if (span.isRecording()) span.setAttribute('kith.run.id', runId);
      return fn(runId);
    }),
  );
}
