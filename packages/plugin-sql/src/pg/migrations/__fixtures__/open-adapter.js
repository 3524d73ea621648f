// Opens a PostgreSQL adapter on the URL given (migrating the database if needed) and prints the
// migrations it applied as JSON. Usage: node open-adapter.js <postgres url>
'use strict';
require('../../../__fixtures__/register-ts');
const { randomUUID } = require('node:crypto');
const { PgDatabaseAdapter } = require('../../pg-database-adapter');

const quiet = { warn() {}, info() {}, debug() {} };
const adapter = new PgDatabaseAdapter(randomUUID(), { url: process.argv[2], logger: quiet });
adapter
  .init()
  .then(async () => {
    const status = await adapter.status();
    await adapter.close();
    console.log(JSON.stringify(status.applied));
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
