import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'AgentNotEditableError';
const marker = Symbol.for(`kith.error.${name}`);

/** A change asked of an agent the server cannot change: one from a character file or a project, or a server without an agent factory. */
export class AgentNotEditableError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly agentId: string,
    readonly reason: string,
  ) {
    super(ServerErrorCode.AGENT_NOT_EDITABLE, `Agent ${agentId} cannot be changed here: ${reason}`);
  }

  /** True for an AgentNotEditableError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is AgentNotEditableError {
    return KithError.hasMarker(error, marker);
  }
}
