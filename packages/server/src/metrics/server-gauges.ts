import { type CostBudgetStatus, type FleetStatus, type IAgentRuntime, MessageLedger, queueDepthsOf } from '@kith/core';
import type { AgentRegistry } from '../agents/agent-registry';
import type { WsHub } from '../ws/ws-hub';
import type { KithMetrics } from './kith-metrics';
import type { Labels } from './metric-registry';

type Series = [Labels, number][];

/** The fleet side of an agent (PostgreSQL with the fleet on), if it has one. */
function fleetOf(runtime: IAgentRuntime): FleetStatus | undefined {
  try {
    return runtime.adapter?.roomCoordinator?.status();
  } catch {
    return undefined; // no adapter registered yet
  }
}

/**
 * Series read from the server's state at each scrape or export, over the
 * agents running now (agents added or removed at run time included): the
 * ledger's message totals and inbox depth, work queue depths, the fleet's
 * rooms and leases, open WebSocket connections, and each agent's
 * MAX_DAILY_COST_USD budget. Labels are bounded: agent names, queue names,
 * outcomes.
 */
export function addServerGauges(telemetry: KithMetrics, agents: AgentRegistry, hub: WsHub): void {
  const perAgent = (read: (runtime: IAgentRuntime, agent: Labels) => Series): (() => Series) => {
    return () => agents.all.flatMap((agent) => read(agent.runtime, { 'gen_ai.agent.name': agent.name }));
  };
  const perLedger = (read: (ledger: MessageLedger, agent: Labels) => Series) =>
    perAgent((runtime, agent) => {
      const ledger = MessageLedger.existing(runtime);
      return ledger ? read(ledger, agent) : [];
    });
  const perFleet = (read: (fleet: FleetStatus) => number | undefined) =>
    perAgent((runtime, agent) => {
      const value = (() => {
        const fleet = fleetOf(runtime);
        return fleet ? read(fleet) : undefined;
      })();
      return value === undefined ? [] : [[agent, value]];
    });

  telemetry.observedCounter(
    {
      name: 'kith.messages.accepted',
      unit: '{message}',
      description: 'Messages accepted by the ledger (durable, their sender told so), from every way in, by agent',
    },
    perLedger((ledger, agent) => [[agent, ledger.counts.accepted]]),
  );
  telemetry.observedCounter(
    {
      name: 'kith.messages',
      unit: '{message}',
      description:
        'Messages the ledger finished, by kith.message.outcome: answered (a reply), ignored (no reply), failed, duplicate (a repeat)',
    },
    perLedger((ledger, agent) =>
      Object.entries(ledger.counts.ended).map(([outcome, count]): [Labels, number] => [
        { ...agent, 'kith.message.outcome': outcome },
        count,
      ]),
    ),
  );
  telemetry.gauge(
    {
      name: 'kith.inbox.depth',
      unit: '{message}',
      description: 'Messages accepted on this server and not yet finished (waiting for their turn or being answered)',
    },
    perLedger((ledger, agent) => [[agent, ledger.outcomes.flyingCount]]),
  );
  telemetry.gauge(
    {
      name: 'kith.queue.depth',
      unit: '{item}',
      description:
        'Items waiting in an agent work queue (embeddings, background prompts, plugin queues), by kith.queue.name',
    },
    perAgent((runtime, agent) =>
      [...queueDepthsOf(runtime)].map(([name, depth]): [Labels, number] => [
        { ...agent, 'kith.queue.name': name },
        depth(),
      ]),
    ),
  );
  telemetry.gauge(
    { name: 'kith.fleet.rooms_held', unit: '{room}', description: 'Rooms whose lease this server holds, by agent' },
    perFleet((fleet) => fleet.rooms),
  );
  telemetry.gauge(
    {
      name: 'kith.fleet.servers',
      unit: '{server}',
      description: 'Servers of the fleet seen alive at the last heartbeat',
    },
    () => {
      const fleet = agents.all.map((agent) => fleetOf(agent.runtime)).find((status) => status !== undefined);
      return fleet ? [[{}, fleet.servers.length]] : [];
    },
  );
  telemetry.observedCounter(
    {
      name: 'kith.fleet.lease_takeovers',
      unit: '{room}',
      description: 'Rooms this server took over whose lease was held before (a server stopped or died), by agent',
    },
    perFleet((fleet) => fleet.takeovers),
  );
  telemetry.observedCounter(
    {
      name: 'kith.fleet.leases_lost',
      unit: '{room}',
      description: 'Rooms this server lost to another while holding them (its lease ran out), by agent',
    },
    perFleet((fleet) => fleet.leasesLost),
  );
  telemetry.gauge(
    { name: 'kith.websocket.connections', unit: '{connection}', description: 'Open WebSocket connections' },
    () => [[{}, hub.size]],
  );
  const budgets = (read: (status: CostBudgetStatus) => number) =>
    perAgent((runtime, agent): Series => {
      const status = runtime.getCostBudget();
      return status ? [[agent, read(status)]] : [];
    });
  telemetry.gauge(
    { name: 'kith.budget.limit', unit: 'USD', description: 'MAX_DAILY_COST_USD of each agent that has one' },
    budgets((status) => status.limitUsd),
  );
  telemetry.gauge(
    { name: 'kith.budget.spent', unit: 'USD', description: 'Spent today (UTC) against MAX_DAILY_COST_USD' },
    budgets((status) => status.spentUsd),
  );
  telemetry.gauge(
    { name: 'kith.budget.exceeded', unit: '1', description: '1 once the daily budget is reached, else 0' },
    budgets((status) => (status.exceeded ? 1 : 0)),
  );
}
