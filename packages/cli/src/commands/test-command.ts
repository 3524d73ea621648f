import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentRuntime, TestSuite } from '@kith/core';
import { createAgent } from '../agent/create-agent';
import { loadDotEnv } from '../process/load-dot-env';
import { resolveProject } from '../project/resolve-project';
import { runTestSuites, type SuiteSource } from '../project/run-test-suites';

export interface TestCommandOptions {
  character?: string[];
  /** Runs only the tests whose suite or test name contains this text (case-insensitive). */
  name?: string;
}

const out = (line: string) => void process.stdout.write(`${line}\n`);

/** The suites to run on an agent: its plugins' (as installed on the runtime) and the project's own. */
function suitesOf(runtime: AgentRuntime, own: TestSuite[]): SuiteSource[] {
  return [
    ...runtime.plugins.flatMap((plugin) => (plugin.tests ?? []).map((suite) => ({ owner: plugin.name, suite }))),
    ...own.map((suite) => ({ owner: 'project', suite })),
  ];
}

/**
 * `kith test`: each agent of the project starts on a temporary SQLite database with its model
 * (configured, else the offline one), and the `tests` suites of its plugins and of the project
 * run against that live runtime. Prints each test with pass/fail, a summary; exit code 1 on any
 * failure (or when --name matches nothing).
 */
export async function testCommand(options: TestCommandOptions): Promise<void> {
  loadDotEnv();
  const project = resolveProject(options.character, 'kith test');
  if (project.chosen) out(`Project: ${project.chosen}`);
  // A test run never touches the project's own database, SQLite or PostgreSQL.
  delete process.env.KITH_DATABASE_URL;
  delete process.env.POSTGRES_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'kith-test-'));
  const started = performance.now();
  let passed = 0;
  let failed = 0;
  try {
    for (const agent of project.agents) {
      const runtime = await createAgent({
        character: agent.character,
        dataDir,
        projectPlugins: agent.plugins,
        init: agent.init,
        logLevel: process.env.LOG_LEVEL ?? 'error',
        announce: (line) => out(`${agent.character.name}: ${line}`),
        notice: () => undefined,
      });
      try {
        const result = await runTestSuites(runtime, suitesOf(runtime, agent.tests), { name: options.name, print: out });
        passed += result.passed;
        failed += result.failed;
      } finally {
        await runtime.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ms = Math.round(performance.now() - started);
  const total = passed + failed;
  if (total === 0) {
    out(
      options.name
        ? `No test matches --name "${options.name}".`
        : 'No tests: add a "tests" list of suites ({ name, tests: [{ name, fn: async (runtime) => {...} }] }) to a plugin or a project agent.',
    );
    if (options.name) process.exitCode = 1;
    return;
  }
  out(
    `${failed === 0 ? 'All passed' : 'FAILED'}: ${passed} passed, ${failed} failed, ${total} test${total === 1 ? '' : 's'} in ${ms} ms`,
  );
  if (failed > 0) process.exitCode = 1;
}
