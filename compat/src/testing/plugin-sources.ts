import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Where the extracted sources appear: inside the installed package, so its imports resolve as they did for its author. */
const SOURCE_DIR = '.kith-typecheck';

/** A published plugin's TypeScript sources, from the `sourcesContent` of its bundle's source map. */
export interface PluginSources {
  pkg: string;
  packageDir: string;
  /** Absolute (virtual) path → source text. */
  files: Map<string, string>;
}

/** One compiler diagnostic, located in a plugin's sources (`src/models/text.ts:31`). */
export interface SourceDiagnostic {
  pkg: string;
  /** `src/file.ts:LINE`, or the file name of a diagnostic elsewhere, or '' for a global one. */
  at: string;
  code: number;
  message: string;
}

interface SourceMap {
  sourceRoot?: string;
  sources: string[];
  sourcesContent?: (string | null)[];
}

/** The bundle maps elizaOS plugins ship, the Node build first. */
const MAP_FILES = ['dist/node/index.node.js.map', 'dist/index.js.map'];

/** An installed plugin's own .ts sources from its bundle's source map (dependencies bundled in are left out). */
export function extractPluginSources(project: string, pkg: string): PluginSources {
  return extractPackageSources(pkg, join(project, 'node_modules', pkg));
}

/** The same for a package unpacked elsewhere in the project (a project template). */
export function extractPackageSources(pkg: string, packageDir: string): PluginSources {
  const mapFile = MAP_FILES.map((file) => join(packageDir, file)).find((file) => existsSync(file));
  if (!mapFile) throw new Error(`${pkg} ships no bundle source map (${MAP_FILES.join(', ')})`);
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap;
  const files = new Map<string, string>();
  map.sources.forEach((source, i) => {
    const text = map.sourcesContent?.[i];
    if (!text || !/\.tsx?$/.test(source) || source.includes('node_modules')) return;
    const original = relative(packageDir, resolve(dirname(mapFile), map.sourceRoot ?? '', source));
    if (original.startsWith('..')) return;
    files.set(join(packageDir, SOURCE_DIR, original), text);
  });
  return { pkg, packageDir, files };
}

/**
 * The compiler settings of elizaOS's plugin template (`strict: false`,
 * bundler resolution, DOM and Node globals), without emitting; `strict` for
 * a plugin author who turns it on.
 */
function pluginCompilerOptions(nodeTypes: string, strict: boolean): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    strict,
    noImplicitAny: false,
    esModuleInterop: true,
    allowSyntheticDefaultImports: true,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [nodeTypes],
  };
}

/**
 * Typechecks the plugins' sources in one program, the sources served from
 * memory at `<package>/.kith-typecheck/src/...`: third-party imports resolve
 * from the package's place in the project, and `@elizaos/core` to what is
 * installed there (Kith's core, by the overrides). A module a bundle leaves
 * no source for (types only, or a barrel) is taken from the package's own
 * declarations under `dist/`.
 */
export function typecheckPluginSources(
  plugins: PluginSources[],
  nodeTypes: string,
  { strict = false }: { strict?: boolean } = {},
): SourceDiagnostic[] {
  const overlay = new Map<string, string>();
  for (const plugin of plugins) for (const [file, text] of plugin.files) overlay.set(file, text);
  const dirs = new Set<string>();
  for (const file of overlay.keys())
    for (let dir = dirname(file); dir.includes(`${sep}${SOURCE_DIR}`); dir = dirname(dir)) dirs.add(dir);

  const options = pluginCompilerOptions(nodeTypes, strict);
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.fileExists = (file) => overlay.has(file) || fileExists.call(host, file);
  host.readFile = (file) => overlay.get(file) ?? readFile.call(host, file);
  host.directoryExists = (dir) => dirs.has(dir) || (directoryExists?.call(host, dir) ?? ts.sys.directoryExists(dir));
  host.getSourceFile = (file, language, ...rest) => {
    const text = overlay.get(file);
    return text === undefined
      ? getSourceFile.call(host, file, language, ...rest)
      : ts.createSourceFile(file, text, language, true);
  };
  host.resolveModuleNameLiterals = (literals, containing, _redirect, compilerOptions) =>
    literals.map((literal) => {
      const found = ts.resolveModuleName(literal.text, containing, compilerOptions, host);
      const marker = `${sep}${SOURCE_DIR}${sep}`;
      if (found.resolvedModule || !literal.text.startsWith('.') || !containing.includes(marker)) return found;
      const [packageDir, inPackage] = containing.split(marker);
      const asDeclared = join(packageDir, 'dist', inPackage.replace(/^src[\\/]/, ''));
      return ts.resolveModuleName(literal.text, asDeclared, compilerOptions, host);
    });

  const program = ts.createProgram([...overlay.keys()], options, host);
  const owner = (file: string): PluginSources | undefined => plugins.find((p) => file.startsWith(p.packageDir + sep));
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const file = diagnostic.file;
    const plugin = file && owner(file.fileName);
    const line =
      file && diagnostic.start !== undefined ? file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
    const inSources = file && plugin ? relative(join(plugin.packageDir, SOURCE_DIR), file.fileName) : undefined;
    return {
      pkg: plugin ? plugin.pkg : '',
      at:
        inSources && !inSources.startsWith('..') ? `${inSources.split(sep).join('/')}:${line}` : (file?.fileName ?? ''),
      code: diagnostic.code,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    };
  });
}
