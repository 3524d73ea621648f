import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the simulated TEE received. */
export interface DstackCall {
  method: 'DeriveKey' | 'TdxQuote' | 'Info';
  body: Record<string, unknown>;
}

export interface DstackSimulator {
  /** For DSTACK_SIMULATOR_ENDPOINT, which @phala/dstack-sdk's TappdClient reads. */
  url: string;
  calls: DstackCall[];
  /** The PEM key DeriveKey answered for a path and subject. */
  keyFor(path: string, subject: string): string | undefined;
  /** The quote TdxQuote answers. */
  quote: string;
  close(): Promise<void>;
}

/**
 * A local stand-in for Phala's dstack TEE daemon (the `tappd` simulator's HTTP API):
 * `/prpc/Tappd.DeriveKey` answers a P-256 key in PKCS#8 PEM, the same one for the same path and
 * subject; `/prpc/Tappd.TdxQuote` a fixed quote and an empty event log; `/prpc/Tappd.Info` its info.
 */
export async function startDstackSimulator(): Promise<DstackSimulator> {
  const calls: DstackCall[] = [];
  const keys = new Map<string, string>();
  const quote = `0x${randomBytes(64).toString('hex')}`;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const method = /\/prpc\/Tappd\.(\w+)/.exec(req.url ?? '')?.[1] as DstackCall['method'] | undefined;
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const reply = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (!method) return reply(404, { error: `the compat dstack simulator does not know ${req.url}` });
      calls.push({ method, body });
      if (method === 'DeriveKey') {
        const id = `${String(body.path)}\u0000${String(body.subject)}`;
        if (!keys.has(id)) {
          const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
          keys.set(id, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
        }
        return reply(200, { key: keys.get(id), certificate_chain: [] });
      }
      if (method === 'TdxQuote') return reply(200, { quote, event_log: '[]' });
      return reply(200, { app_id: 'kith-compat', instance_id: 'kith-compat', tcb_info: '{}' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    keyFor: (path, subject) => keys.get(`${path}\u0000${subject}`),
    quote,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
