import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'AgentNotFoundError';
const marker = Symbol.for(`kith.error.${name}`);

/** No agent with that id is on this server (or message bus). */
export class AgentNotFoundError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly agentId: string) {
    super(
      ErrorCode.AGENT_NOT_FOUND,
      `No agent with id ${agentId} is on this server; GET /api/agents lists the agents.`,
    );
  }

  /** True for an AgentNotFoundError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is AgentNotFoundError {
    return KithError.hasMarker(error, marker);
  }
}
