import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { spawnKithStart, type SpawnedKith } from './testing/spawn-kith-start';

const BIN = resolve(__dirname, '../dist/bin/kith.js');
const PACKAGES = resolve(__dirname, '../..');
// Empty OPENAI_* count as unset: the developer's own key must not switch these runs to a real model.
const ENV = { ...process.env, LOG_LEVEL: 'warn', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', KITH_SERVER_AUTH_TOKEN: '' };

const PLUGIN = (actions: string[]) => `import { definePlugin, type Action } from '@kith/core';

const action = (name: string): Action => ({
  name,
  description: \`does \${name}\`,
  validate: async () => true,
  handler: async (_runtime, _message, _state, _options, callback) => {
    await callback?.({ text: \`\${name} done\` });
    return { success: true };
  },
});

export const weatherPlugin = definePlugin({
  name: 'weather',
  description: 'the weather',
  actions: [${actions.map((a) => `action('${a}')`).join(', ')}],
  tests: [
    {
      name: 'weather suite',
      tests: [
        { name: 'registers GET_WEATHER', fn: (runtime) => { if (!runtime.actions.some((a) => a.name === 'GET_WEATHER')) throw new Error('GET_WEATHER is missing'); } },
        { name: 'fails on purpose', fn: () => { throw new Error('expected 1 to be 2'); } },
      ],
    },
  ],
});
`;

const INDEX = `import { writeFileSync } from 'node:fs';
import { defineAgent, defineProject, type IAgentRuntime } from '@kith/core';

export default defineProject({
  agents: [
    defineAgent({
      character: { name: 'Sky', bio: ['A weather bot.'], plugins: ['./plugins/weather.ts'] },
      init: async (runtime: IAgentRuntime) => writeFileSync(process.env.INIT_MARK ?? 'init-ran', runtime.character.name),
      tests: { name: 'project suite', tests: [{ name: 'the agent answers', fn: async (runtime) => { await runtime.useModel('TEXT_LARGE', { prompt: 'hello' }); } }] },
    }),
  ],
});
`;

async function json<T>(response: Response): Promise<T> {
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('agents in code (built CLI in a child process)', () => {
  let dir: string;
  let running: SpawnedKith | undefined;
  const write = (name: string, text: string) => {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  };
  const kith = (args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: ENV, timeout: 60_000 });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-project-'));
    write('package.json', JSON.stringify({ name: 'sky', private: true, main: 'src/index.ts' }));
    write('src/index.ts', INDEX);
    write('src/plugins/weather.ts', PLUGIN(['GET_WEATHER']));
    // The project imports @kith/core, as an installed project does.
    mkdirSync(join(dir, 'node_modules/@kith'), { recursive: true });
    symlinkSync(join(PACKAGES, 'core'), join(dir, 'node_modules/@kith/core'));
  });
  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exit;
    }
    running = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('kith test runs the plugin and project suites on a live agent: names, pass/fail, errors, summary, exit code, --name', () => {
    const all = kith(['test']);
    expect(all.stdout).toContain('Project: src/index.ts (package.json "main", a project)');
    expect(all.stdout).toMatch(
      /Sky › weather › weather suite\n {2}✓ registers GET_WEATHER \(\d+ ms\)\n {2}✗ fails on purpose/,
    );
    expect(all.stdout).toContain('    expected 1 to be 2');
    expect(all.stdout).toMatch(/Sky › project › project suite\n {2}✓ the agent answers/);
    expect(all.stdout).toMatch(/FAILED: 2 passed, 1 failed, 3 tests in \d+ ms/);
    expect(all.status).toBe(1);
    // A temporary database: nothing is left in the project.
    expect(existsSync(join(dir, '.kith'))).toBe(false);

    const some = kith(['test', '--name', 'registers']);
    expect(some.stdout).toMatch(/All passed: 1 passed, 0 failed, 1 test in/);
    expect(some.status).toBe(0);
    expect(kith(['test', '--name', 'nothing like it']).status).toBe(1);
  });

  it('kith start runs the project found in the folder: its init, its local plugin', async () => {
    running = await spawnKithStart(['--port', '0'], { ...ENV, INIT_MARK: join(dir, 'init-ran') }, 60_000, dir);
    expect(running.stdout()).toContain('Project: src/index.ts (package.json "main", a project)');
    expect(readFileSync(join(dir, 'init-ran'), 'utf8')).toBe('Sky');
    const { agents } = await json<{ agents: { id: string; name: string }[] }>(await fetch(`${running.url}/api/agents`));
    const agent = await json<{ actions: string[]; plugins: string[] }>(
      await fetch(`${running.url}/api/agents/${agents[0].id}`),
    );
    expect(agent.plugins).toContain('weather');
    expect(agent.actions).toContain('GET_WEATHER');
  });

  it('kith dev reloads on an edit, keeps the room, and keeps serving through a broken edit', async () => {
    running = await spawnKithStart(['--port', '0'], ENV, 60_000, dir, 'dev');
    const { url } = running;
    const { agents } = await json<{ agents: { id: string }[] }>(await fetch(`${url}/api/agents`));
    const say = async (text: string) =>
      json<{ roomId: string; replies: unknown[] }>(
        await fetch(`${url}/api/agents/${agents[0].id}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text, userName: 'tester' }),
        }),
      );
    const first = await say('I am unhappy');
    expect(first.replies.length).toBe(1);
    // The studio works under kith dev too, and its agents outlive reloads of the project's.
    expect((await json<{ enabled: boolean }>(await fetch(`${url}/api/studio`))).enabled).toBe(true);
    const made = await fetch(`${url}/api/agents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ character: { name: 'Drafted', bio: ['Made in the studio.'] } }),
    });
    expect(made.status).toBe(201);
    const agentNames = async () =>
      (await json<{ agents: { name: string }[] }>(await fetch(`${url}/api/agents`))).agents.map((a) => a.name).sort();
    expect(await agentNames()).toEqual(['Drafted', 'Sky']);

    const stdout = running.stdout;
    write('src/plugins/weather.ts', PLUGIN(['GET_WEATHER', 'GET_FORECAST']));
    await until(() => /Reloaded Sky in \d+ ms \(changed: src\/plugins\/weather\.ts\)/.test(stdout()), 'the reload');
    const agent = await json<{ actions: string[] }>(await fetch(`${url}/api/agents/${agents[0].id}`));
    expect(agent.actions).toContain('GET_FORECAST');
    expect(await agentNames()).toEqual(['Drafted', 'Sky']);
    await say('My work is boring');
    const { memories } = await json<{ memories: unknown[] }>(
      await fetch(`${url}/api/agents/${agents[0].id}/rooms/${first.roomId}/memories`),
    );
    expect(memories.length).toBeGreaterThanOrEqual(4);

    const stderr = running.stderr;
    write('src/plugins/weather.ts', 'export const broken = ;\n');
    await until(() => stderr().includes('reload failed'), 'the reload error');
    write('src/index.ts', `${INDEX}\n// touched\n`);
    await new Promise((done) => setTimeout(done, 1500));
    expect(stderr().match(/reload failed, still serving the last good agents/g)).toHaveLength(1);
    expect(stderr()).toMatch(/src\/plugins\/weather\.ts line 1, column 23: Unexpected ";": fix the syntax there/);
    expect((await say('Still there?')).replies.length).toBe(1);
  });

  it('a service whose start never finishes (a connector retrying its login) does not hold kith start back', async () => {
    write(
      'slow.ts',
      `import { Service, defineAgent, defineProject } from '@kith/core';

class RetryingLogin extends Service {
  static override serviceType = 'retrying-login';
  capabilityDescription = 'logs in, retrying for ever';
  static override start(): Promise<Service> {
    return new Promise(() => undefined);
  }
  async stop(): Promise<void> {}
}

export default defineProject({
  agents: [defineAgent({ character: { name: 'Patient', bio: ['Waits for nobody.'] }, plugins: [{ name: 'plugin-retrying', description: 'a connector', services: [RetryingLogin] }] })],
});
`,
    );
    // PLUGIN_INIT_TIMEOUT_MS (30 s) does not apply to service starts: a start taking that long would miss this 20 s limit.
    running = await spawnKithStart(['-c', 'slow.ts', '--port', '0', '--data-dir', join(dir, 'data')], ENV, 20_000, dir);
    const lines = `${running.stdout()}${running.stderr()}`
      .split('\n')
      .filter((line) => line.includes('retrying-login'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Service \\"retrying-login\\" of plugin \\"plugin-retrying\\" is still starting');
    const { agents } = await json<{ agents: { id: string }[] }>(await fetch(`${running.url}/api/agents`));
    const reply = await json<{ replies: unknown[] }>(
      await fetch(`${running.url}/api/agents/${agents[0].id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Are you there?', userName: 'tester' }),
      }),
    );
    expect(reply.replies).toHaveLength(1);
  });

  it('a module that fails to load stops start with the file, the line and the fix, and writes nothing', () => {
    write('bad.ts', "const greeting = 'hi';\nthrow new Error('no API key');\n");
    const bad = kith(['start', '-c', 'bad.ts', '--port', '0', '--data-dir', join(dir, 'data')]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/bad\.ts[\s\S]*importing it threw \(bad\.ts line 2\): no API key/);
    expect(existsSync(join(dir, 'data'))).toBe(false);
    write('none.mjs', 'export default { agents: [] };');
    expect(kith(['start', '-c', 'none.mjs', '--port', '0']).stderr).toContain('the project has no agents');
  });
});
