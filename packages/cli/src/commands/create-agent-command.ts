import { relative } from 'node:path';
import { scaffoldAgent } from '../scaffold/scaffold-agent';

export interface CreateAgentCommandOptions {
  dir?: string;
}

/** `kith create agent NAME`: a project folder whose `npm install && npm start` runs the agent. */
export async function createAgentCommand(name: string, options: CreateAgentCommandOptions): Promise<void> {
  const result = scaffoldAgent({ name, dir: options.dir });
  const folder = relative(process.cwd(), result.root) || '.';
  const lines = [
    `Created the agent ${result.agentName} in ${folder}:`,
    ...result.written.map((path) => `  create ${path}`),
    '',
    'Next:',
    `  cd ${folder}`,
    '  npm install',
    '  npm start     # web chat page, REST and WebSocket on http://127.0.0.1:3000 (npm run chat: in the terminal)',
    'Edit character.json to shape the agent; .env.example lists the model and server settings.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
