import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readDockerfile } from '../testing/read-dockerfile';

/**
 * What a user gets from npm, tried as a user would: every package packed with
 * `npm pack`, the tarballs installed into an agent project in the temp folder
 * (outside the repository, so nothing resolves from the workspace), `kith`
 * run from there; then a plugin made with `kith create plugin`, tested and
 * packed on its own, and installed into the agent. Nothing is published: npm
 * gets @kith/* from the tarballs (see `installTarballs`). npm's own cache is
 * reused; better-sqlite3 compiles from source once, as on a user's machine.
 */

const REPO = resolve(__dirname, '../../../..');
const BIN = resolve(__dirname, '../../dist/bin/kith.js');
const PACKAGES = readdirSync(join(REPO, 'packages')).filter((dir) =>
  existsSync(join(REPO, 'packages', dir, 'package.json')),
);

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a user's shell: none of the npm variables `npm test` set for the workspace. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
    KITH_DATA_DIR: '',
    KITH_SERVER_AUTH_TOKEN: '',
    ...extra,
  };
  for (const key of Object.keys(env))
    if (/^npm_(package|lifecycle|config_prefix)/.test(key) || key === 'INIT_CWD') delete env[key];
  // Nx forces colours for its children; a user's captured output has none.
  delete env.FORCE_COLOR;
  delete env.LOG_LEVEL;
  return env;
}

function run(command: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}): Result {
  const result = spawnSync(command, args, { cwd, env: userEnv(extraEnv), encoding: 'utf8', timeout: 300_000 });
  return { code: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? String(result.error ?? '') };
}

/** Runs a setup step, failing the test with its output when it fails. */
function must(command: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}): Result {
  const result = run(command, args, cwd, extraEnv);
  if (result.code !== 0)
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${result.code}\n${result.stdout}\n${result.stderr}`,
    );
  return result;
}

interface PackedFile {
  path: string;
}

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** `npm start` (or another command) in the background; resolves with the URL the server prints. */
function startAgent(
  cwd: string,
  command: string[] = ['npm', 'start'],
  env: Record<string, string> = { KITH_SERVER_PORT: '0' },
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // Its own process group, so stopping it stops kith under npm as well.
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: userEnv(env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm start printed no URL:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        done({ child, url, output: () => output });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => fail(new Error(`npm start exited ${code}:\n${output}`)));
  });
}

async function stopAgent(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/** A port on 127.0.0.1 nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

describe('the packages as npm ships them, installed outside the repository', () => {
  let dir: string;
  let tarballs: Record<string, string>;
  let agent: ChildProcess | undefined;

  /** What `npm pack` put in each package's tarball. */
  let packed: { name: string; cwd: string; files: string[]; pkg: PackageJson }[];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-packaging-'));
    // Packed first, all of them: every later step installs them together.
    tarballs = {};
    packed = PACKAGES.map((name) => {
      const cwd = join(REPO, 'packages', name);
      const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as PackageJson;
      const [result] = JSON.parse(must('npm', ['pack', '--json', '--pack-destination', dir], cwd).stdout) as {
        filename: string;
        files: PackedFile[];
      }[];
      tarballs[pkg.name] = join(dir, result.filename);
      return { name: pkg.name, cwd, files: result.files.map((file) => file.path), pkg };
    });
  }, 120_000);
  afterAll(async () => {
    if (agent) await stopAgent(agent);
    rmSync(dir, { recursive: true, force: true });
  });

  it('packs clean tarballs: LICENSE, no build info, no source maps, caret siblings, nothing npm would correct', () => {
    const license = readFileSync(join(REPO, 'LICENSE'), 'utf8');
    expect(Object.keys(tarballs)).toEqual(
      expect.arrayContaining(['@kith/cli', '@kith/core', '@kith/plugin-sql', '@kith/server']),
    );
    for (const { name, cwd, files, pkg } of packed) {
      expect([name, files.filter((file) => file === 'LICENSE')]).toEqual([name, ['LICENSE']]);
      expect([name, files.filter((file) => /\.tsbuildinfo$|\.map$/.test(file))]).toEqual([name, []]);
      // Nor a pointer to a map the tarball lacks (bundlers warn about each one).
      const pointing = files.filter(
        (file) => /\.(js|d\.ts)$/.test(file) && readFileSync(join(cwd, file), 'utf8').includes('sourceMappingURL='),
      );
      expect([name, pointing]).toEqual([name, []]);
      expect(readFileSync(join(cwd, 'LICENSE'), 'utf8')).toBe(license);
      for (const [dep, range] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
        if (dep.startsWith('@kith/')) expect(`${name} -> ${dep}@${range}`).toMatch(/@\^\d/);
      }
      // npm's corrections are `npm warn publish` lines; the only one expected is that nobody is logged in.
      const publish = run('npm', ['publish', '--dry-run'], cwd);
      expect([
        name,
        publish.stderr.split('\n').filter((line) => line.startsWith('npm warn publish') && !line.includes('logged in')),
      ]).toEqual([name, []]);
    }
  }, 120_000);

  it('creates an agent project whose npm install and npm start run the agent, and kith chats there', async () => {
    // `npx @kith/cli create agent` once published; here the repository's build of the same CLI.
    must(process.execPath, [BIN, 'create', 'agent', 'demo', '--json'], dir);
    const project = join(dir, 'demo');
    // The unpublished packages come from their tarballs; engine-strict proves every engines field is kept by the tree.
    must('npm', ['install', '--engine-strict', ...Object.values(tarballs)], project);
    must('npm', ['install', '--engine-strict'], project);
    expect(run('npm', ['ls', 'cookie'], project).stdout).not.toContain('cookie@2');

    // The bin npm linked, run directly: it has its run bit.
    const kith = join(project, 'node_modules', '.bin', 'kith');
    const chat = run(kith, ['chat', '-m', 'I am unhappy'], project);
    // The project's character file, found in the folder (no --character), as the command says.
    expect(chat.stderr).toBe(
      'Project: character.json (the character file in this folder)\nmodel: eliza-classic (offline)\n',
    );
    expect(chat.code).toBe(0);
    expect(chat.stdout.trim().length).toBeGreaterThan(0);

    const started = await startAgent(project);
    agent = started.child;
    const agents = (await (await fetch(`${started.url}/api/agents`)).json()) as {
      agents: { id: string; name: string }[];
    };
    expect(agents.agents.map((a) => a.name)).toEqual(['Demo']);
    const posted = await fetch(`${started.url}/api/agents/${agents.agents[0].id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'My mother is kind', userName: 'tester' }),
    });
    expect(posted.status).toBe(200);
    const answer = (await posted.json()) as { replies: { content: { text?: string } }[] };
    expect(answer.replies[0].content.text?.length).toBeGreaterThan(0);
    await stopAgent(started.child);
    agent = undefined;
  }, 600_000);

  it('creates a TypeScript agent project whose npm install, npm test and npm start pass as written', async () => {
    must(process.execPath, [BIN, 'create', 'agent', 'typed'], dir);
    const project = join(dir, 'typed');
    must('npm', ['install', '--engine-strict', ...Object.values(tarballs)], project);
    must('npm', ['install', '--engine-strict'], project);
    const tests = must('npm', ['test'], project);
    expect(tests.stdout).toContain('# pass 1');
    expect(tests.stdout).toMatch(/Typed › greet › greet\n {2}✓ the agent has the GREET action/);
    expect(tests.stdout).toMatch(/All passed: 2 passed, 0 failed, 2 tests/);

    const started = await startAgent(project);
    agent = started.child;
    expect(started.output()).toContain('Project: src/index.ts (package.json "main", a project)');
    const agents = (await (await fetch(`${started.url}/api/agents`)).json()) as {
      agents: { id: string; name: string }[];
    };
    expect(agents.agents.map((a) => a.name)).toEqual(['Typed']);
    const details = (await (await fetch(`${started.url}/api/agents/${agents.agents[0].id}`)).json()) as {
      actions: string[];
    };
    expect(details.actions).toContain('GREET');
    await stopAgent(started.child);
    agent = undefined;
  }, 600_000);

  it("runs the project's Dockerfile (docs/deploy's) install and start commands, and its health check passes", async () => {
    const steps = readDockerfile(readFileSync(join(dir, 'typed', 'Dockerfile'), 'utf8'));
    // As the build stage does: package.json and the lockfile, npm ci as written, then the rest of the project.
    const image = join(dir, 'image');
    cpSync(join(dir, 'typed'), image, { recursive: true, filter: (path) => !/[/\\](node_modules|\.kith)$/.test(path) });
    const install = steps.runs.find((line) => line.startsWith('npm ci'));
    expect(install).toMatch(/^npm ci --omit=dev/);
    must('npm', (install as string).split(/\s+/).slice(1), image);
    expect(existsSync(join(image, 'node_modules', 'typescript'))).toBe(false);

    // The final stage's environment, on a free port of 127.0.0.1 and a data folder of this test.
    const port = await freePort();
    expect(steps.env).toMatchObject({ NODE_ENV: 'production', KITH_SERVER_PORT: '3000', KITH_DATA_DIR: '/data' });
    const env = {
      ...steps.env,
      KITH_SERVER_HOST: '127.0.0.1',
      KITH_SERVER_PORT: String(port),
      KITH_DATA_DIR: join(dir, 'image-data'),
    };
    const started = await startAgent(image, steps.cmd, env);
    agent = started.child;
    expect(started.url).toBe(`http://127.0.0.1:${port}`);
    const health = steps.healthcheck.map((arg) => arg.replace('127.0.0.1:3000', `127.0.0.1:${port}`));
    expect(run(health[0], health.slice(1), image).code).toBe(0);
    const agents = (await (await fetch(`${started.url}/api/agents`)).json()) as { agents: { name: string }[] };
    expect(agents.agents.map((a) => a.name)).toEqual(['Typed']);
    await stopAgent(started.child);
    agent = undefined;
    // With the server gone, the health check fails (Docker marks the container unhealthy).
    expect(run(health[0], health.slice(1), image).code).toBe(1);
  }, 600_000);

  it('names the cause and the fix when the SQLite binding was never built', () => {
    const build = join(dir, 'demo', 'node_modules', 'better-sqlite3', 'build');
    renameSync(build, `${build}-hidden`);
    try {
      const chat = run(
        join(dir, 'demo', 'node_modules', '.bin', 'kith'),
        ['chat', '-m', 'hi', '--data-dir', join(dir, 'fresh-data')],
        join(dir, 'demo'),
      );
      expect(chat.code).toBe(1);
      expect(chat.stderr).toContain('[KITH_SQL_NATIVE_BINDING_MISSING]');
      expect(chat.stderr).toContain('npm rebuild better-sqlite3');
    } finally {
      renameSync(`${build}-hidden`, build);
    }
  }, 60_000);

  it('creates a standalone plugin whose npm install, npm test and npm pack pass, and the agent loads it', () => {
    const project = join(dir, 'demo');
    const kith = join(project, 'node_modules', '.bin', 'kith');
    must(kith, ['create', 'plugin', 'hello'], dir);
    const plugin = join(dir, 'plugin-hello');
    // Unpublished core: its tarball first (not saved, so package.json keeps the caret range), then the README's commands.
    must('npm', ['install', '--no-save', tarballs['@kith/core']], plugin);
    must('npm', ['install'], plugin);
    const tests = must('npm', ['test'], plugin);
    // eslint-disable-next-line no-control-regex -- strips ANSI colours, which start with ESC
    expect(`${tests.stdout}${tests.stderr}`.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/Tests:\s+2 passed, 2 total/);
    const [packed] = JSON.parse(must('npm', ['pack', '--json'], plugin).stdout) as {
      filename: string;
      files: PackedFile[];
    }[];
    expect(packed.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts']),
    );
    expect(packed.files.filter((file) => file.path.includes('.test.'))).toEqual([]);
    expect(JSON.parse(readFileSync(join(plugin, 'package.json'), 'utf8')).dependencies).toEqual({
      '@kith/core': '^0.1.0',
    });

    must('npm', ['install', join(plugin, packed.filename)], project);
    const characterFile = join(project, 'character.json');
    const character = JSON.parse(readFileSync(characterFile, 'utf8')) as { plugins: string[] };
    writeFileSync(
      characterFile,
      JSON.stringify({ ...character, plugins: [...character.plugins, 'kith-plugin-hello'] }, null, 2),
    );
    const plugins = must(kith, ['plugins', '--character', './character.json'], project);
    // On the agent's one copy of core: the plugin's caret range deduped onto it.
    expect(plugins.stdout).toMatch(
      /^ {2}hello +kith-plugin-hello +0\.1\.0 +character +@kith\/core 0\.1\.0 +1 action, 1 provider,/m,
    );
    const listed = JSON.parse(must(kith, ['plugins', '--character', './character.json', '--json'], project).stdout) as {
      plugins: { name: string; registered: { actions: string[]; providers: string[] } }[];
    };
    expect(listed.plugins.find((entry) => entry.name === 'hello')?.registered).toMatchObject({
      actions: ['HELLO_GREET'],
      providers: ['HELLO_LAST_GREETING'],
    });

    // The installed CLI scaffolds too, with no workspace anywhere above.
    must(kith, ['create', 'agent', 'second-agent'], dir);
    expect(existsSync(join(dir, 'second-agent', 'src', 'index.ts'))).toBe(true);
    must(kith, ['create', 'agent', 'third-agent', '--json'], dir);
    expect(existsSync(join(dir, 'third-agent', 'character.json'))).toBe(true);
  }, 600_000);
});
