import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LoadedProject } from './load-project';

// The TypeScript loader hooks Node's own require, which jest's module registry replaces: the
// built modules run in a child Node, as they do under `kith`.
const DIST = resolve(__dirname, '../../dist/project');

function inNode<T>(code: string): T {
  const child = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as T;
}

const summary = (project: LoadedProject) => ({
  kind: project.kind,
  agents: project.agents.map((agent) => ({
    name: agent.character.name,
    characterPlugins: agent.character.plugins,
    plugins: agent.plugins.map((p) => [p.specifier, p.plugin.name]),
    init: typeof agent.init,
    tests: agent.tests.map((suite) => suite.name),
  })),
});

function loadProject(file: string): ReturnType<typeof summary> {
  return inNode(
    `const { loadProject } = require(${JSON.stringify(`${DIST}/load-project`)});
     const p = loadProject(${JSON.stringify(file)});
     process.stdout.write(JSON.stringify((${summary.toString()})(p)));`,
  );
}

function findProjectFiles(dir: string): { files: string[]; chosen: string | null } {
  return inNode(
    `const { findProjectFiles } = require(${JSON.stringify(`${DIST}/resolve-project`)});
     process.stdout.write(JSON.stringify(findProjectFiles(${JSON.stringify(dir)})));`,
  );
}

describe('loadProject', () => {
  let dir: string;
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
    return file;
  };
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'kith-project-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const problem = (file: string): string => {
    const error = inNode<{ code: string; message: string } | null>(
      `try { require(${JSON.stringify(`${DIST}/load-project`)}).loadProject(${JSON.stringify(file)}); process.stdout.write('null'); }
       catch (e) { process.stdout.write(JSON.stringify({ code: e.code, message: e.message })); }`,
    );
    expect(error?.code).toBe('KITH_CHARACTER_INVALID');
    return error?.message ?? '';
  };

  it('reads a JSON character with a local plugin named by path', () => {
    write(
      'plugins/weather.js',
      "exports.weatherPlugin = { name: 'weather', description: 'the weather', actions: [] };",
    );
    const file = write(
      'sky.json',
      JSON.stringify({ name: 'Sky', plugins: ['@kith/plugin-sql', './plugins/weather.js'] }),
    );
    const project = loadProject(file);
    expect(project.kind).toBe('json');
    expect(project.agents[0].characterPlugins).toEqual(['@kith/plugin-sql']);
    expect(project.agents[0].plugins).toEqual([['./plugins/weather.js', 'weather']]);
  });

  it('reads a character from a CommonJS module and a project from an ES module', () => {
    expect(loadProject(write('a.cjs', "module.exports = { name: 'Ann', bio: 'x' };")).agents[0].name).toBe('Ann');
    const project = loadProject(
      write(
        'p.mjs',
        [
          "const plugin = { name: 'local', description: 'in code', tests: [{ name: 's', tests: [] }] };",
          "export default { agents: [{ character: { name: 'Bo' }, plugins: [plugin], init: async () => {}, tests: { name: 'agent', tests: [] } }] };",
        ].join('\n'),
      ),
    );
    expect(project.kind).toBe('project');
    expect(project.agents[0].plugins).toEqual([['project', 'local']]);
    expect(project.agents[0].init).toBe('function');
    expect(project.agents[0].tests).toEqual(['agent']);
  });

  it('runs TypeScript: a `character` export and a project with a local TypeScript plugin', () => {
    write(
      'src/plugins/weather.ts',
      "import type { Plugin } from '@kith/core';\nexport const weatherPlugin: Plugin = { name: 'weather', description: 'w' };\n",
    );
    const character = loadProject(write('c.mts', "export const character = { name: 'Cy' as string, bio: ['b'] };\n"));
    expect(character.kind).toBe('character');
    expect(character.agents[0].name).toBe('Cy');
    const project = loadProject(
      write(
        'src/index.ts',
        [
          'interface Agent { character: { name: string; plugins?: string[] } }',
          "const agent: Agent = { character: { name: 'Dee', plugins: ['./plugins/weather.ts'] } };",
          'export default { agents: [agent] };',
        ].join('\n'),
      ),
    );
    expect(project.agents[0].plugins).toEqual([['./plugins/weather.ts', 'weather']]);
  });

  it('names the file, the line and the fix for bad modules', () => {
    expect(problem(write('syntax.ts', 'const a: number = 1;\nconst b = ;\n'))).toMatch(
      /syntax\.ts line 2, column 11: .*fix the syntax there/,
    );
    expect(problem(write('throws.js', "const x = 1;\nthrow new Error('boom');\n"))).toMatch(
      /throws\.js[\s\S]*importing it threw \(.*throws\.js line 2\): boom: fix the code/,
    );
    expect(problem(write('neither.mjs', 'export const answer = 42;'))).toMatch(
      /exports neither a character nor a project \(exports: answer\)/,
    );
    expect(problem(write('empty.mjs', 'export default { agents: [] };'))).toMatch(/the project has no agents/);
    expect(
      problem(
        write('badplugin.mjs', "export default { agents: [{ character: { name: 'E' }, plugins: [{ name: 'p' }] }] };"),
      ),
    ).toMatch(/agents\[0\]\.plugins\[0\] \("p"\): a plugin needs a "description"/);
    expect(problem(write('badchar.mjs', 'export default { agents: [{ character: { name: 5 } }] };'))).toMatch(
      /agents\[0\]\.character: name/,
    );
  });

  it('finds the project: package.json main exporting agents, else the character files', () => {
    write('package.json', JSON.stringify({ name: 'p', main: 'lib.js' }));
    write('lib.js', 'exports.helper = () => 1;');
    write('eliza.json', JSON.stringify({ name: 'Eliza', bio: 'x' }));
    expect(findProjectFiles(dir).files).toEqual([join(dir, 'eliza.json')]);
    write('package.json', JSON.stringify({ name: 'p', main: 'src/index.mjs' }));
    write('src/index.mjs', "export default { agents: [{ character: { name: 'F' } }] };");
    const found = findProjectFiles(dir);
    expect(found.files).toEqual([join(dir, 'src/index.mjs')]);
    expect(found.chosen).toMatch(/package.json "main", a project/);
  });

  it('-c package.json: loads the project its main exports, and refuses one that exports no agents', () => {
    write('package.json', JSON.stringify({ name: 'my-library', version: '1.0.0', main: 'lib.js' }));
    write('lib.js', 'exports.helper = () => 1;');
    expect(problem(join(dir, 'package.json'))).toMatch(
      /a package\.json is neither a character nor a project: lib\.js exports no agents\. Give -c the character file/,
    );
    write('package.json', JSON.stringify({ name: 'no-main', version: '1.0.0' }));
    expect(problem(join(dir, 'package.json'))).toMatch(/no module \(main: null\) exports no agents/);
    write('package.json', JSON.stringify({ name: 'p', main: 'src/index.mjs' }));
    write('src/index.mjs', "export default { agents: [{ character: { name: 'F' } }] };");
    expect(loadProject(join(dir, 'package.json'))).toMatchObject({ kind: 'project', agents: [{ name: 'F' }] });
  });
});
