import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as clientCli from '@kith/client-cli';
import * as core from '@kith/core';
import * as bootstrap from '@kith/plugin-bootstrap';
import * as openai from '@kith/plugin-openai';
import * as sql from '@kith/plugin-sql';
import * as server from '@kith/server';
import * as cli from './index';

/** Every package's code catalogue and its exports, against its section of docs/errors.md. */
const packages: [name: string, catalogue: Record<string, string>, exports: Record<string, unknown>][] = [
  ['@kith/core', core.ErrorCode, core],
  ['@kith/server', server.ServerErrorCode, server],
  ['@kith/plugin-bootstrap', bootstrap.AttachmentErrorCode, bootstrap],
  ['@kith/plugin-sql', sql.SqlErrorCode, sql],
  ['@kith/plugin-openai', openai.OpenAIErrorCode, openai],
  ['@kith/client-cli', clientCli.ClientCliErrorCode, clientCli],
  ['@kith/cli', cli.CliErrorCode, cli],
];

const doc = readFileSync(path.resolve(__dirname, '../../../docs/errors.md'), 'utf8');

function section(pkg: string): string {
  const start = doc.indexOf(`\n## \`${pkg}\``);
  if (start < 0) throw new Error(`docs/errors.md has no "## \`${pkg}\`" section`);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** `[code, class]` of each table row: | `KITH_...` | `SomeError` | ... */
function rows(text: string): [string, string][] {
  return [...text.matchAll(/^\|\s*`(KITH_[A-Z0-9_]+)`\s*\|\s*`(\w+)`\s*\|/gm)].map((match) => [match[1], match[2]]);
}

describe('error catalogues and docs/errors.md', () => {
  it.each(packages)('%s: its section lists exactly its catalogue', (pkg, catalogue) => {
    expect(
      rows(section(pkg))
        .map(([code]) => code)
        .sort(),
    ).toEqual(Object.values(catalogue).sort());
  });

  it.each(packages)(
    '%s: each row names an error class the package exports, with an isInstance of its own',
    (pkg, _catalogue, exports) => {
      for (const [code, className] of rows(section(pkg))) {
        const errorClass = exports[className] as { isInstance?: unknown } | undefined;
        expect([code, typeof errorClass]).toEqual([code, 'function']);
        expect([className, Object.prototype.hasOwnProperty.call(errorClass, 'isInstance')]).toEqual([className, true]);
      }
    },
  );

  it('no code is in two catalogues, and the page lists no other code', () => {
    const all = packages.flatMap(([, catalogue]) => Object.values(catalogue));
    expect(all.length).toBe(new Set(all).size);
    expect(
      rows(doc)
        .map(([code]) => code)
        .sort(),
    ).toEqual([...all].sort());
  });
});
