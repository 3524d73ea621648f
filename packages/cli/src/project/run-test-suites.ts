import type { IAgentRuntime, TestSuite } from '@kith/core';

/** A suite with the plugin (or `project`) it came from. */
export interface SuiteSource {
  owner: string;
  suite: TestSuite;
}

export interface RunTestSuitesOptions {
  /** Only the tests whose suite or test name contains this text (case-insensitive). */
  name?: string;
  /** Per test; a test that takes longer fails, naming the limit. Default 60 s. */
  timeoutMs?: number;
  print: (line: string) => void;
}

function withTimeout(run: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([run, timeout]).finally(() => clearTimeout(timer));
}

/** Runs each test in order against the runtime and prints it with ✓ or ✗ and its error; returns the counts. */
export async function runTestSuites(
  runtime: IAgentRuntime,
  suites: readonly SuiteSource[],
  options: RunTestSuitesOptions,
): Promise<{ passed: number; failed: number }> {
  const filter = options.name?.toLowerCase();
  let passed = 0;
  let failed = 0;
  for (const { owner, suite } of suites) {
    const matches = suite.tests.filter(
      (test) => !filter || `${suite.name} ${test.name}`.toLowerCase().includes(filter),
    );
    if (matches.length === 0) continue;
    options.print(`${runtime.character.name} › ${owner} › ${suite.name}`);
    for (const test of matches) {
      const started = performance.now();
      try {
        await withTimeout(
          Promise.resolve().then(() => test.fn(runtime)),
          options.timeoutMs ?? 60_000,
        );
        passed++;
        options.print(`  ✓ ${test.name} (${Math.round(performance.now() - started)} ms)`);
      } catch (error) {
        failed++;
        options.print(`  ✗ ${test.name} (${Math.round(performance.now() - started)} ms)`);
        const message = error instanceof Error ? error.message : String(error);
        options.print(`    ${message.split('\n').join('\n    ')}`);
      }
    }
  }
  return { passed, failed };
}
