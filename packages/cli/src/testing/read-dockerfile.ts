/** What the packaging test takes from a Dockerfile's final stage: its environment, its commands. */
export interface DockerfileSteps {
  /** ENV of the final stage. */
  env: Record<string, string>;
  /** RUN lines of every stage, continuation lines joined. */
  runs: string[];
  /** CMD of the final stage (exec form). */
  cmd: string[];
  /** HEALTHCHECK's CMD (exec form). */
  healthcheck: string[];
}

/** Joins `\`-continued lines and drops comments, as Docker reads the file. */
function instructions(text: string): string[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n\s*/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Reads the steps of a Dockerfile in the subset the deployment guide uses:
 * ENV with `KEY=value` pairs, RUN in shell form, CMD and HEALTHCHECK's CMD
 * in exec form (JSON arrays).
 */
export function readDockerfile(text: string): DockerfileSteps {
  const steps: DockerfileSteps = { env: {}, runs: [], cmd: [], healthcheck: [] };
  for (const line of instructions(text)) {
    const [instruction, ...rest] = line.split(/\s+/);
    const argument = line.slice(instruction.length).trim();
    switch (instruction.toUpperCase()) {
      case 'FROM':
        steps.env = {};
        break;
      case 'ENV':
        for (const pair of rest) {
          const at = pair.indexOf('=');
          if (at > 0) steps.env[pair.slice(0, at)] = pair.slice(at + 1);
        }
        break;
      case 'RUN':
        steps.runs.push(argument);
        break;
      case 'CMD':
        steps.cmd = JSON.parse(argument) as string[];
        break;
      case 'HEALTHCHECK':
        steps.healthcheck = JSON.parse(argument.slice(argument.indexOf('CMD ') + 4)) as string[];
        break;
      default:
        break;
    }
  }
  return steps;
}
