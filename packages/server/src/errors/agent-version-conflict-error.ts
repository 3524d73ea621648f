import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'AgentVersionConflictError';
const marker = Symbol.for(`kith.error.${name}`);

/** A save based on an older version of the agent: someone else saved in between, and their change is not overwritten. */
export class AgentVersionConflictError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly agentId: string,
    readonly sent: number,
    readonly current: number,
  ) {
    super(
      ServerErrorCode.AGENT_VERSION_CONFLICT,
      `Agent ${agentId} was changed by someone else since version ${sent} (it is at version ${current}): reload it, apply your change again and save with version ${current}.`,
    );
  }

  /** True for an AgentVersionConflictError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is AgentVersionConflictError {
    return KithError.hasMarker(error, marker);
  }
}
