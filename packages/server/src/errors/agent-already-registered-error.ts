import { KithError } from '@kith/core';
import { ServerErrorCode } from './server-error-codes';

const name = 'AgentAlreadyRegisteredError';
const marker = Symbol.for(`kith.error.${name}`);

/** addAgent was given an agent whose id is already on the server. */
export class AgentAlreadyRegisteredError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly agentId: string,
    readonly agentName: string,
  ) {
    super(
      ServerErrorCode.AGENT_ALREADY_REGISTERED,
      `An agent with id ${agentId} ("${agentName}") is already on this server; give each character its own name or id, or remove the other agent first.`,
    );
  }

  /** True for an AgentAlreadyRegisteredError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is AgentAlreadyRegisteredError {
    return KithError.hasMarker(error, marker);
  }
}
