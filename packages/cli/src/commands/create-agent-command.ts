import { relative } from 'node:path';
import { scaffoldAgent } from '../scaffold/scaffold-agent';

export interface CreateAgentCommandOptions {
  dir?: string;
  /** A JSON character file only (no TypeScript). */
  json?: boolean;
}

/** `kith create agent NAME`: a project folder whose `npm install && npm start` runs the agent. */
export async function createAgentCommand(name: string, options: CreateAgentCommandOptions): Promise<void> {
  const result = scaffoldAgent({ name, dir: options.dir, json: options.json });
  const folder = relative(process.cwd(), result.root) || '.';
  const lines = [
    `Created the agent ${result.agentName} in ${folder}:`,
    ...result.written.map((path) => `  create ${path}`),
    '',
    'Next:',
    `  cd ${folder}`,
    '  npm install',
    '  npm start     # web chat page, REST and WebSocket on http://127.0.0.1:3000 (npm run chat: in the terminal)',
    ...(options.json
      ? ['Edit character.json to shape the agent; .env.example lists the model and server settings.']
      : [
          '  npm run dev   # the same, reloading on every edit',
          '  npm test      # typecheck, unit tests, and kith test (the plugin tests on a live agent)',
          'Edit src/index.ts (the character) and src/plugins/greet.ts (its plugin); .env.example lists the settings.',
        ]),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
