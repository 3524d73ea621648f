// Child of the durability test: writes memories until it is killed, printing
// each id on stdout only after createMemory (and so its commit) resolved.
// Usage: node crash-writer.js <dataDir> <agentId> <single|batch>
//   single: one awaited createMemory at a time (one transaction each)
//   batch:  8 concurrent createMemory calls at a time (one group commit)
require('./register-ts');
const { createDatabaseAdapter } = require('../index');

async function main() {
  const [dataDir, agentId, mode = 'single'] = process.argv.slice(2);
  const adapter = createDatabaseAdapter({ dataDir }, agentId);
  await adapter.init();
  const roomId = '00000000-0000-4000-8000-000000000001';
  const write = (i) =>
    adapter.createMemory(
      {
        entityId: agentId,
        roomId,
        content: { text: `message number ${i}` },
        embedding: Array.from({ length: 384 }, () => Math.random() - 0.5),
      },
      'messages',
      true,
    );
  for (let i = 0; ;) {
    const ids = mode === 'batch' ? await Promise.all(Array.from({ length: 8 }, () => write(i++))) : [await write(i++)];
    // stdout to a pipe is synchronous on Linux: once the parent reads an id, it was committed.
    process.stdout.write(`${ids.join('\n')}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
