import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'AgentNotRunningError';
const marker = Symbol.for(`kith.error.${name}`);

/** The agent was stopped: it takes no messages until started again. */
export class AgentNotRunningError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly agentId: string,
    readonly agentName: string,
  ) {
    super(
      ErrorCode.AGENT_NOT_RUNNING,
      `Agent "${agentName}" (${agentId}) is stopped and takes no messages; start it with POST /api/agents/${agentId}/start.`,
    );
  }

  /** True for an AgentNotRunningError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is AgentNotRunningError {
    return KithError.hasMarker(error, marker);
  }
}
