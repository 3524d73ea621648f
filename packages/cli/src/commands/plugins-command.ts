import { relative } from 'node:path';
import { DEFAULT_CHARACTER_PATH, loadCharacter } from '../character/load-character';
import { describeRegistrations, pluginRegistrations } from '../plugins/describe-plugin';
import { resolveAgentPlugins } from '../plugins/resolve-plugins';

export interface PluginsCommandOptions {
  character?: string;
  json?: boolean;
}

/** `kith plugins`: what a character's plugins list resolves to, after the automatic model choice; starts nothing. */
export async function pluginsCommand(options: PluginsCommandOptions): Promise<void> {
  const file = options.character ?? DEFAULT_CHARACTER_PATH;
  const character = loadCharacter(file);
  const { packages, model } = await resolveAgentPlugins(character);
  const rows = packages.map((p) => ({
    name: p.plugin.name,
    package: p.specifier,
    version: p.version,
    source: p.source,
    registers: pluginRegistrations(p.plugin),
  }));
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ character: character.name, model: model?.description ?? null, plugins: rows }, null, 2)}\n`);
    return;
  }
  const table = rows.map((r) => [r.name, r.package, r.version ?? '-', r.source, describeRegistrations(r.registers)]);
  const header = ['plugin', 'package', 'version', 'from', 'registers'];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')}`;
  const shown = relative(process.cwd(), file) || file;
  process.stdout.write(
    [`${character.name} (${shown}) resolves to ${rows.length} plugins:`, line(header), ...table.map(line), `model: ${model?.description ?? 'none (no plugin provides TEXT_LARGE)'}`].join('\n') + '\n',
  );
}
