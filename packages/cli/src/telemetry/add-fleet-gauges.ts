import type { AgentRuntime, FleetStatus } from '@kith/core';
import type { KithServer } from '@kith/server';

/**
 * Fleet gauges (PostgreSQL with the fleet on): the rooms this server holds
 * per agent and the servers seen alive, read at each scrape or export.
 * Nothing is added when no agent has a room coordinator.
 */
export function addFleetGauges(server: KithServer, runtimes: readonly AgentRuntime[]): void {
  const coordinated = runtimes.flatMap((runtime) => {
    const coordinator = (runtime.adapter as { roomCoordinator?: { status(): FleetStatus } } | undefined)
      ?.roomCoordinator;
    return coordinator ? [{ name: runtime.character.name, coordinator }] : [];
  });
  if (coordinated.length === 0) return;
  server.metrics.gauge(
    { name: 'kith.fleet.rooms_held', unit: '{room}', description: 'Rooms whose lease this server holds, by agent' },
    () => coordinated.map(({ name, coordinator }) => [{ 'gen_ai.agent.name': name }, coordinator.status().rooms]),
  );
  server.metrics.gauge(
    {
      name: 'kith.fleet.servers',
      unit: '{server}',
      description: 'Servers of the fleet seen alive at the last heartbeat',
    },
    () => [[{}, coordinated[0].coordinator.status().servers.length]],
  );
}
