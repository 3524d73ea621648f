import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import type { ListenHandlers } from './pg-driver';
import { SharedListener } from './shared-listener';

let database: TestDatabase;
let sql: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase('listener');
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await database.drop();
});

interface Heard extends ListenHandlers {
  payloads: string[];
  events: string[];
}

function heard(): Heard {
  const payloads: string[] = [];
  const events: string[] = [];
  return {
    payloads,
    events,
    notify: (payload) => void payloads.push(payload),
    lost: () => void events.push('lost'),
    restored: () => void events.push('restored'),
  };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The listening connections open on the database. */
async function listeners(): Promise<number[]> {
  const { rows } = await sql.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'kith-listener'",
  );
  return rows.map((row) => row.pid);
}

describe('SharedListener', () => {
  it('listens on several channels over one connection, each subscriber hearing its own channel', async () => {
    const listener = new SharedListener({
      url: database.url,
      connectTimeoutMs: 5_000,
      types: pg.types,
      countRoundTrip: () => undefined,
    });
    const changes = heard();
    const fleet = heard();
    const first = await listener.listen('kith_changes', changes);
    await listener.listen('kith_fleet', fleet);
    expect(await listeners()).toHaveLength(1);
    await sql.query("SELECT pg_notify('kith_changes', 'c1'), pg_notify('kith_fleet', 'f1')");
    await first.fence();
    expect(changes.payloads).toEqual(['c1']);
    expect(fleet.payloads).toEqual(['f1']);
    await first.close();
    await sql.query("SELECT pg_notify('kith_changes', 'c2'), pg_notify('kith_fleet', 'f2')");
    await until(() => fleet.payloads.length === 2);
    expect(changes.payloads).toEqual(['c1']);
    await listener.close();
    expect(await listeners()).toHaveLength(0);
  });

  it('after losing its connection tells every subscriber, reconnects and listens on every channel again', async () => {
    const listener = new SharedListener({
      url: database.url,
      connectTimeoutMs: 5_000,
      types: pg.types,
      countRoundTrip: () => undefined,
    });
    const changes = heard();
    const fleet = heard();
    await listener.listen('kith_changes', changes);
    const listening = await listener.listen('kith_fleet', fleet);
    const [pid] = await listeners();
    await sql.query('SELECT pg_terminate_backend($1)', [pid]);
    await until(() => changes.events.length === 2 && fleet.events.length === 2);
    expect(changes.events).toEqual(['lost', 'restored']);
    expect(fleet.events).toEqual(['lost', 'restored']);
    await sql.query("SELECT pg_notify('kith_changes', 'c'), pg_notify('kith_fleet', 'f')");
    await listening.fence();
    expect(changes.payloads).toEqual(['c']);
    expect(fleet.payloads).toEqual(['f']);
    await listener.close();
  });
});
