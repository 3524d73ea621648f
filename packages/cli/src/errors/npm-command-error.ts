import { KithError } from '@kith/core';
import { CliErrorCode } from './cli-error-codes';

const name = 'NpmCommandError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * An npm command that `kith add` runs could not start or exited non-zero.
 * npm's own output (printed above the error) says why; `args` and
 * `exitCode` (null when npm could not be started) name the run.
 */
export class NpmCommandError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    options: { cause?: unknown } = {},
  ) {
    super(
      CliErrorCode.NPM_FAILED,
      exitCode === null
        ? `could not run npm ${args.join(' ')} (${(options.cause as Error | undefined)?.message ?? 'no reason given'}): install Node.js with npm, or put npm on the PATH`
        : `npm ${args.join(' ')} failed (exit ${exitCode}): its output above says why (a package name or version that does not exist, no network, an install script that failed); fix that and run kith add again`,
      options,
    );
  }

  /** True for an NpmCommandError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is NpmCommandError {
    return KithError.hasMarker(error, marker);
  }
}
