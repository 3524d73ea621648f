import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Every name the published @elizaos/core 1.7.2 declares (its d.ts exports,
 * types included; listed in the JSON beside this test) is exported by
 * @kith/core with the same meaning: a value where elizaOS has a value, a
 * type where it has a type. So `import { type X } from '@elizaos/core'`
 * compiles against Kith. Checked with the compiler on src/index.ts.
 */

type Kind = 'value' | 'type' | 'value+type';

interface Published {
  version: string;
  exports: { name: string; kind: Kind }[];
}

const published = JSON.parse(readFileSync(join(__dirname, 'elizaos-core-1.7.2-types.json'), 'utf8')) as Published;

/** The exports of src/index.ts by name, with what each is. */
function kithExports(): Map<string, Kind> {
  const index = join(__dirname, '../../index.ts');
  const program = ts.createProgram([index], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: ['node'],
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(index);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`no module symbol for ${index}`);
  const kinds = new Map<string, Kind>();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const value = (symbol.flags & ts.SymbolFlags.Value) !== 0;
    const type = (symbol.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Namespace)) !== 0;
    kinds.set(exported.name, value && type ? 'value+type' : value ? 'value' : 'type');
  }
  return kinds;
}

const provides = (kith: Kind, wanted: Kind): boolean => kith === 'value+type' || kith === wanted;

describe('the @elizaos/core 1.7.2 type surface', () => {
  it('lists the published declarations (354 names)', () => {
    expect(published.version).toBe('1.7.2');
    expect(published.exports).toHaveLength(354);
    expect(published.exports).toEqual(
      expect.arrayContaining([
        { name: 'IAgentRuntime', kind: 'type' },
        { name: 'TextStreamResult', kind: 'type' },
        { name: 'AgentRuntime', kind: 'value+type' },
      ]),
    );
  });

  it('has every name, as a value, a type or both as elizaOS has it', () => {
    const kith = kithExports();
    const missing = published.exports.filter(({ name }) => !kith.has(name)).map(({ name }) => name);
    expect(missing).toEqual([]);
    const otherKind = published.exports
      .filter(({ name, kind }) => kind.split('+').some((part) => !provides(kith.get(name) as Kind, part as Kind)))
      .map(({ name, kind }) => `${name}: elizaOS ${kind}, Kith ${kith.get(name)}`);
    expect(otherKind).toEqual([]);
  });
});
