/**
 * elizaOS 1.x base class of database adapters (`class X extends DatabaseAdapter`).
 * It only holds the drizzle database; a subclass implements IDatabaseAdapter.
 * Kith's own adapter (@kith/plugin-sql) does not extend it: check adapters by
 * shape, not with instanceof.
 */
export abstract class DatabaseAdapter<DB = unknown> {
  db!: DB;
}
