const { AgentRuntime, stringToUuid, MessageBus, MessageBusService, createLogger, ChannelType } = require('@kith/core');
const { createScriptedModel, createScriptedModelPlugin, scriptedReply, testCharacter } = require('@kith/core/test');
const { bootstrapPlugin } = require('@kith/plugin-bootstrap');
const { createDatabaseAdapter, sqlPlugin } = require('@kith/plugin-sql');
const { elizaClassicPlugin } = require('@kith/plugin-eliza-classic');
const { startPostgresCluster, createTestDatabase } = require('@kith/plugin-sql/testing');
const { randomUUID } = require('node:crypto');
const counts = new Map();
async function server(url, name, fleet) {
  const agentId = stringToUuid('Fleetbot');
  const logger = createLogger({ level: 'warn', namespace: name });
  const adapter = createDatabaseAdapter({ url, logger, fleet: fleet ? { leaseMs: 3000 } : false }, agentId);
  const runtime = new AgentRuntime({ character: { name: 'Fleetbot', bio: ['x'], settings: { BASIC_CAPABILITIES_KEEP_RESP: 'true' } }, agentId,
    plugins: [sqlPlugin, bootstrapPlugin, elizaClassicPlugin], adapter, logger });
  await runtime.initialize();
  const driver = (await adapter.getConnection());
  const bus = new MessageBus(logger);
  const service = await MessageBusService.attach(runtime, bus);
  return { runtime, bus, service, name, adapter };
}
(async () => {
  const cluster = await startPostgresCluster({ maxConnections: 100 });
  const db = await createTestDatabase('rt', cluster.url);
  const n = Number(process.argv[2] ?? 3); const fleet = process.argv[3] !== 'off';
  const servers = [];
  for (let i = 0; i < n; i++) servers.push(await server(db.url + (i ? `?application_name=s${i}` : ''), 's' + i, fleet));
  // count statements by kind on every pool
  const pg = require('pg');
  const orig = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const text = typeof config === 'string' ? config : config?.text ?? '';
    const key = (typeof config === 'object' && config?.name) || text.replace(/\s+/g, ' ').slice(0, 60);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return orig.call(this, config, ...rest);
  };
  const rooms = 30, per = 10;
  const authorId = randomUUID();
  const t0 = Date.now();
  await Promise.all(Array.from({ length: rooms }, async (_, r) => {
    const s = servers[r % n]; const roomId = randomUUID(); s.bus.join(roomId, s.runtime.agentId);
    for (let i = 0; i < per; i++) await s.bus.publish({ id: randomUUID(), channelId: roomId, serverId: 'kith-server', authorId, text: 'I feel sad about my work ' + i, source: 'test', channelType: ChannelType.GROUP, targetAgentId: s.runtime.agentId, createdAt: Date.now() });
  }));
  const ms = Date.now() - t0;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  console.log(JSON.stringify({ n, fleet, msgs: rooms * per, ms, perMsg: total / (rooms * per) }));
  console.log([...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / (rooms * per)).toFixed(2)} ${k}`).join('\n'));
  for (const s of servers) { await s.service.stop(); await s.runtime.stop(); }
  await cluster.destroy();
})().catch((e) => { console.error('FAILED', e); process.exit(1); });
