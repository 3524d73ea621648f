import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KithError } from '@kith/core';
import { installedNameOf, packageNameOf } from '../commands/add-command';
import { chooseCharacterFile } from './choose-character-file';
import { coreOverrideSpec, realCoresInLock, realCoresInstalled } from './core-override';

describe('kith add helpers', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'kith-add-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the only character file, asks among several, and says what to pass when it cannot ask', async () => {
    writeFileSync(join(dir, 'package.json'), '{"name":"p"}');
    writeFileSync(join(dir, 'notes.json'), '{"name":"not a character"}');
    await expect(chooseCharacterFile(dir, undefined, undefined)).rejects.toThrow(
      /no character file .*pass --character FILE/,
    );
    writeFileSync(join(dir, 'eliza.json'), '{"name":"Eliza","bio":"x"}');
    expect(await chooseCharacterFile(dir, undefined, undefined)).toBe('eliza.json');
    mkdirSync(join(dir, 'characters'));
    writeFileSync(join(dir, 'characters', 'bob.json'), '{"name":"Bob","plugins":[]}');
    const error = await chooseCharacterFile(dir, undefined, undefined).catch((e: unknown) => e);
    expect(KithError.hasCode(error, 'KITH_CONFIG_INVALID')).toBe(true);
    expect((error as Error).message).toContain(
      'several character files (characters/bob.json, eliza.json): pass --character FILE',
    );
    const asked: string[][] = [];
    expect(await chooseCharacterFile(dir, undefined, async (files) => (asked.push(files), files[0]))).toBe(
      'characters/bob.json',
    );
    expect(asked).toEqual([['characters/bob.json', 'eliza.json']]);
    expect(await chooseCharacterFile(dir, 'given.json', undefined)).toBe('given.json');
  });

  it('reads package names from npm specs', () => {
    expect(packageNameOf('@elizaos/plugin-telegram@1.6.4')).toBe('@elizaos/plugin-telegram');
    expect(packageNameOf('@elizaos/plugin-telegram')).toBe('@elizaos/plugin-telegram');
    expect(packageNameOf('left-pad@^1')).toBe('left-pad');
    expect(packageNameOf('./plugin.tgz')).toBeNull();
    expect(packageNameOf('file:../plugin')).toBeNull();
  });

  it('tells which package a folder or tarball spec installed', () => {
    mkdirSync(join(dir, 'vendor', 'plugin'), { recursive: true });
    writeFileSync(join(dir, 'vendor', 'plugin', 'package.json'), '{"name":"kith-plugin-local"}');
    const saved = { 'kith-plugin-local': 'file:vendor/plugin', 'kith-plugin-packed': 'file:vendor/packed-1.0.0.tgz' };
    expect(installedNameOf('./vendor/plugin', saved, dir, dir)).toBe('kith-plugin-local');
    expect(installedNameOf('file:vendor/plugin', {}, dir, dir)).toBe('kith-plugin-local');
    // Run from a subfolder of the project: the path is the user's, the saved spec the project's.
    mkdirSync(join(dir, 'characters'));
    expect(installedNameOf('../vendor/packed-1.0.0.tgz', saved, join(dir, 'characters'), dir)).toBe(
      'kith-plugin-packed',
    );
    expect(installedNameOf('@elizaos/plugin-telegram@1.6.4', {}, dir, dir)).toBe('@elizaos/plugin-telegram');
    expect(installedNameOf('github:someone/plugin', saved, dir, dir)).toBeNull();
  });

  it('points @elizaos/core at the @kith/core the project uses', () => {
    expect(coreOverrideSpec({ dependencies: { '@kith/core': '0.2.0' } }, dir)).toBe('npm:@kith/core@0.2.0');
    expect(coreOverrideSpec({ dependencies: { '@kith/core': '^0.2.0' } }, dir)).toBe('npm:@kith/core@^0.2.0');
    expect(coreOverrideSpec({ dependencies: { '@kith/core': 'file:vendor/kith-core.tgz' } }, dir)).toBe(
      `file:${join(dir, 'vendor/kith-core.tgz')}`,
    );
    expect(coreOverrideSpec({}, dir)).toMatch(/^npm:@kith\/core@\d+\.\d+\.\d+/);
  });

  it('finds real @elizaos/core copies in a lock file and in node_modules, not aliased ones', () => {
    writeFileSync(
      join(dir, 'package-lock.json'),
      JSON.stringify({
        packages: {
          '': {},
          'node_modules/@elizaos/core': { name: '@kith/core', version: '0.1.0' },
          'node_modules/@elizaos/plugin-x/node_modules/@elizaos/core': { version: '1.7.2' },
        },
      }),
    );
    expect(realCoresInLock(join(dir, 'package-lock.json'))).toEqual([
      'node_modules/@elizaos/plugin-x/node_modules/@elizaos/core',
    ]);
    const write = (path: string, name: string) => {
      mkdirSync(join(dir, path), { recursive: true });
      writeFileSync(join(dir, path, 'package.json'), JSON.stringify({ name }));
    };
    write('node_modules/@elizaos/core', '@kith/core');
    write('node_modules/@elizaos/plugin-x', '@elizaos/plugin-x');
    write('node_modules/@elizaos/plugin-x/node_modules/@elizaos/core', '@elizaos/core');
    expect(realCoresInstalled(dir)).toEqual([join(dir, 'node_modules/@elizaos/plugin-x/node_modules/@elizaos/core')]);
  });
});
