// Child of the durability test: writes memories until it is killed, printing
// each id on stdout only after createMemory (and so its commit) returned.
// Usage: node crash-writer.js <dataDir> <agentId>
require('./register-ts');
const { createDatabaseAdapter } = require('../index');

async function main() {
  const [dataDir, agentId] = process.argv.slice(2);
  const adapter = createDatabaseAdapter({ dataDir }, agentId);
  await adapter.init();
  const roomId = '00000000-0000-4000-8000-000000000001';
  for (let i = 0; ; i++) {
    const embedding = Array.from({ length: 384 }, () => Math.random() - 0.5);
    const id = await adapter.createMemory(
      { entityId: agentId, roomId, content: { text: `message number ${i}` }, embedding },
      'messages',
      true,
    );
    // stdout to a pipe is synchronous on Linux: once the parent reads an id, it was committed.
    process.stdout.write(`${id}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
