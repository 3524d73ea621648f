#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { runLoad, type LoadOptions } from './run-load';

const USAGE = `Usage: node load-client.js --url URL [--url URL2 ...] [--agent ID] [--rooms 100] [--messages 20] [--timeout-ms 120000]
                           [--kill-pid PID --kill-after-acks N] [--retry-elsewhere] [--details]
Sends --rooms concurrent conversations of --messages messages to a running Kith server (half over
WebSocket, half over REST) and prints a JSON report on stdout. KITH_LOAD_URL may stand for --url.
Several --url: a fleet; rooms are spread over its servers (--retry-elsewhere resends a REST message
whose server is down to the next one, same id).`;

const whole = (min: number) => z.coerce.number().int().min(min);

const optionsSchema = z
  .object({
    url: z.url({ protocol: /^https?$/ }),
    urls: z.array(z.url({ protocol: /^https?$/ })).default([]),
    'retry-elsewhere': z.boolean().default(false),
    agent: z.guid().optional(),
    rooms: whole(1).default(100),
    messages: whole(1).default(20),
    'timeout-ms': whole(1).default(120_000),
    'kill-pid': whole(1).optional(),
    'kill-after-acks': whole(1).optional(),
    details: z.boolean().default(false),
  })
  .refine((o) => (o['kill-pid'] === undefined) === (o['kill-after-acks'] === undefined), {
    message: '--kill-pid and --kill-after-acks go together',
    path: ['kill-pid'],
  });

/** Reads argv (and KITH_LOAD_URL) into load options; throws with a message naming the bad option. */
export function parseLoadArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string', multiple: true },
      'retry-elsewhere': { type: 'boolean' },
      agent: { type: 'string' },
      rooms: { type: 'string' },
      messages: { type: 'string' },
      'timeout-ms': { type: 'string' },
      'kill-pid': { type: 'string' },
      'kill-after-acks': { type: 'string' },
      details: { type: 'boolean' },
    },
    strict: true,
  });
  const urls = values.url ?? (env.KITH_LOAD_URL ? [env.KITH_LOAD_URL] : []);
  const parsed = optionsSchema.safeParse({ ...values, url: urls[0], urls });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`--${String(issue?.path[0] ?? 'url')}: ${issue?.message ?? 'invalid'}`);
  }
  const o = parsed.data;
  return {
    url: o.url,
    urls: o.urls,
    retryElsewhere: o['retry-elsewhere'],
    agentId: o.agent,
    rooms: o.rooms,
    messagesPerRoom: o.messages,
    timeoutMs: o['timeout-ms'],
    killPid: o['kill-pid'],
    killAfterAcks: o['kill-after-acks'],
    details: o.details,
  };
}

async function main(): Promise<void> {
  let options: LoadOptions;
  try {
    options = parseLoadArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const report = await runLoad(options);
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`load client failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
