import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUDGET_LOG_TYPE,
  ConfigValidationError,
  DEFAULT_MODEL_PRICES_DATE,
  resolveSettingRaw,
  stringToUuid,
  utcDay,
  type UsageGroupBy,
  type UUID,
} from '@kith/core';
import { createDatabaseAdapter, databaseUrlSetting, DEFAULT_FILENAME } from '@kith/plugin-sql';
import { resolveDataDir } from '../agent/create-agent';
import { resolveOneAgent } from '../project/resolve-project';
import { characterSettingsSource } from '../plugins/choose-model-plugin';
import { formatBudget, formatUsageTable } from '../usage/format-usage-table';
import { sinceDay } from '../usage/usage-range';

export interface UsageCommandOptions {
  character?: string;
  dataDir?: string;
  databaseUrl?: string;
  since?: string;
  groupBy?: string;
  json?: boolean;
}

const GROUPINGS: readonly UsageGroupBy[] = ['day', 'room', 'model'];

/**
 * `kith usage`: an agent's model usage and cost from its database (the
 * model_usage day rows plugin-sql keeps), without starting the agent.
 */
export async function usageCommand(options: UsageCommandOptions): Promise<void> {
  const groupBy = (options.groupBy ?? 'day') as UsageGroupBy;
  if (!GROUPINGS.includes(groupBy)) {
    throw new ConfigValidationError('kith usage', [`--group-by: "${options.groupBy}" is not one of day, room, model`]);
  }
  const from = sinceDay(options.since ?? '7d');
  const to = utcDay(Date.now());
  const { character } = resolveOneAgent(options.character, 'kith usage').agent;
  const agentId = character.id ?? stringToUuid(character.name);
  const databaseUrl = options.databaseUrl ?? databaseUrlSetting((key) => process.env[key] || undefined);
  const dataDir = resolveDataDir(options.dataDir);
  const file = join(dataDir, DEFAULT_FILENAME);
  if (!databaseUrl && !existsSync(file)) {
    throw new ConfigValidationError('kith usage', [
      `no database at ${file}: run the agent with kith start first, or point --data-dir (or KITH_DATA_DIR) at its folder`,
    ]);
  }
  const adapter = databaseUrl
    ? createDatabaseAdapter({ url: databaseUrl }, agentId)
    : createDatabaseAdapter({ dataDir }, agentId);
  await adapter.init();
  try {
    const report = await adapter.getUsage({ from, to, groupBy });
    const budgetLogs = await adapter.getLogs({ type: BUDGET_LOG_TYPE, count: 400 });
    const overBudgetDays = new Set(
      budgetLogs.map((log) => log.body.day).filter((day): day is string => typeof day === 'string'),
    );
    const roomNames = new Map<string, string>();
    if (groupBy === 'room') {
      const ids = report.groups.map((group) => group.key).filter((key) => key !== '') as UUID[];
      for (const room of (ids.length > 0 ? await adapter.getRoomsByIds(ids) : null) ?? [])
        if (room.name) roomNames.set(room.id, room.name);
    }
    const limit = Number(resolveSettingRaw(characterSettingsSource(character), 'MAX_DAILY_COST_USD'));
    const today =
      report.groups.length > 0 && groupBy === 'day' ? report.groups.find((group) => group.key === to) : undefined;
    const spentToday = today?.costUsd ?? (await adapter.getUsage({ from: to, to })).totals.costUsd;
    const budget =
      Number.isFinite(limit) && limit > 0
        ? { limitUsd: limit, spentUsd: spentToday, exceeded: overBudgetDays.has(to) || spentToday >= limit }
        : null;
    if (options.json) {
      process.stdout.write(
        `${JSON.stringify({ agentId, agent: character.name, from, to, groupBy, ...report, budget, overBudgetDays: [...overBudgetDays].sort() }, null, 2)}\n`,
      );
      return;
    }
    const lines = [`Usage of ${character.name} (${agentId}) from ${from} to ${to} (UTC days), by ${groupBy}:`, ''];
    lines.push(...formatUsageTable({ report, groupBy, roomNames, overBudgetDays }));
    if (budget) lines.push(formatBudget(budget));
    lines.push(
      `Costs use MODEL_PRICES over default OpenAI list prices of ${DEFAULT_MODEL_PRICES_DATE}, at the prices in force when each call was made.`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await adapter.close();
  }
}
