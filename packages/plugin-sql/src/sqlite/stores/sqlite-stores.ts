import type { DialectStores } from '../../shared/adapter/dialect-stores';
import type { AgentDimension } from './agent-dimension';
import * as agents from './agent-store';
import * as cache from './cache-store';
import * as cachedEmbeddings from './cached-embeddings';
import * as channels from './channel-store';
import * as components from './component-store';
import * as conversations from './conversation-store';
import * as entities from './entity-store';
import * as logs from './log-store';
import * as memoryReads from './memory-reads';
import * as memorySearch from './memory-search';
import * as memoryWrites from './memory-writes';
import * as participants from './participant-store';
import * as relationships from './relationship-store';
import * as rooms from './room-store';
import type { StoreContext } from './store-context';
import * as tasks from './task-store';
import * as usage from './usage-store';
import * as worlds from './world-store';

/** SQLite's stores, as the shared SqlDatabaseAdapter calls them. */
export const SQLITE_STORES: DialectStores<StoreContext, AgentDimension> = {
  agents,
  entities,
  components,
  memoryReads,
  memoryWrites,
  memorySearch,
  cachedEmbeddings,
  logs,
  usage,
  worlds,
  rooms,
  participants,
  relationships,
  cache,
  tasks,
  channels,
  conversations,
};
