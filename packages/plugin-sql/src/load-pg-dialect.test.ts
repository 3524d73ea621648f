// node-postgres and the PostgreSQL dialect cost a process that stays on SQLite ~7 MB of RSS.
jest.mock('pg', () => {
  throw new Error('pg was loaded');
});

describe('the PostgreSQL dialect', () => {
  it('is not loaded with the package, nor for a SQLite adapter', () => {
    const sql = jest.requireActual<typeof import('./index')>('./index');
    expect(() =>
      sql.createDatabaseAdapter({ dataDir: '/tmp/kith-lazy-pg-test' }, '00000000-0000-4000-8000-000000000001'),
    ).not.toThrow();
    expect(() => sql.PgDatabaseAdapter).toThrow('pg was loaded');
  });
});
