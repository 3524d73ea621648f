import type { CostBudgetStatus } from '@kith/core';
import type { AgentRegistry } from '../agents/agent-registry';
import type { WsHub } from '../ws/ws-hub';
import type { KithMetrics } from './kith-metrics';
import type { Labels } from './metric-registry';

/**
 * Gauges read from the server's state at each scrape or export: open
 * WebSocket connections, and each agent's MAX_DAILY_COST_USD budget (agents
 * without one report nothing).
 */
export function addServerGauges(telemetry: KithMetrics, agents: AgentRegistry, hub: WsHub): void {
  telemetry.gauge(
    { name: 'kith.websocket.connections', unit: '{connection}', description: 'Open WebSocket connections' },
    () => [[{}, hub.size]],
  );
  const budgets = (read: (status: CostBudgetStatus) => number): [Labels, number][] =>
    agents.all.flatMap((agent): [Labels, number][] => {
      const status = agent.runtime.getCostBudget();
      return status ? [[{ 'gen_ai.agent.name': agent.name }, read(status)]] : [];
    });
  telemetry.gauge(
    { name: 'kith.budget.limit', unit: 'USD', description: 'MAX_DAILY_COST_USD of each agent that has one' },
    () => budgets((status) => status.limitUsd),
  );
  telemetry.gauge(
    { name: 'kith.budget.spent', unit: 'USD', description: 'Spent today (UTC) against MAX_DAILY_COST_USD' },
    () => budgets((status) => status.spentUsd),
  );
  telemetry.gauge(
    { name: 'kith.budget.exceeded', unit: '1', description: '1 once the daily budget is reached, else 0' },
    () => budgets((status) => (status.exceeded ? 1 : 0)),
  );
}
