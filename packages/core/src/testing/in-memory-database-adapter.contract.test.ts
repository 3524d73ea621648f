import { runAdapterContractTests } from './adapter-contract/run-adapter-contract-tests';
import { InMemoryDatabaseAdapter } from './in-memory-database-adapter';

runAdapterContractTests('InMemoryDatabaseAdapter', async (agentId) => new InMemoryDatabaseAdapter(agentId));
