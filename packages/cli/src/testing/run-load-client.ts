import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { LoadReport } from '../reliability/load-report';

const CLIENT = resolve(__dirname, '../../dist/reliability/load-client.js');

/** Runs the built load client in its own process and returns the JSON report it prints. */
export function runLoadClient(args: string[]): Promise<LoadReport> {
  const child = spawn(process.execPath, [CLIENT, ...args], { env: { ...process.env, KITH_LOAD_URL: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done, fail) => {
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`load client exited ${code}:\n${stderr}`));
      try {
        done(JSON.parse(stdout) as LoadReport);
      } catch (error) {
        fail(new Error(`load client printed no JSON (${(error as Error).message}):\n${stdout}\n${stderr}`));
      }
    });
  });
}

/** The figures worth printing from a report (everything but the per-message list). */
export function figuresOf(
  report: LoadReport,
): Omit<LoadReport, 'messages' | 'outOfOrderRooms'> & { outOfOrderRooms: number } {
  const { messages: _messages, outOfOrderRooms, ...figures } = report;
  return { ...figures, outOfOrderRooms: outOfOrderRooms.length };
}
