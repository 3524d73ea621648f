import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'BudgetExceededError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * The agent reached MAX_DAILY_COST_USD and a model call was refused (there
 * is no offline model to send it to, or BUDGET_EXCEEDED_MESSAGE asks for a
 * set answer). `replyText` is what the agent says instead.
 */
export class BudgetExceededError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly modelType: string,
    readonly limitUsd: number,
    readonly replyText: string,
  ) {
    super(
      ErrorCode.BUDGET_EXCEEDED,
      `${modelType} call refused: the agent spent its MAX_DAILY_COST_USD of $${limitUsd} today (UTC). Raise MAX_DAILY_COST_USD, or add @kith/plugin-eliza-classic to answer offline until midnight UTC.`,
    );
  }

  /** True for a BudgetExceededError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is BudgetExceededError {
    return KithError.hasMarker(error, marker);
  }
}
