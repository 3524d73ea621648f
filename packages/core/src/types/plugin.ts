import type { Action, Evaluator, Provider } from './components';
import type { IDatabaseAdapter } from './database';
import type { PluginEvents } from './events';
import type { ModelHandlerFn } from './model';
import type { IAgentRuntime } from './runtime';
import type { ServiceClass } from './service';

/** A minimal view of an HTTP request, independent of the server framework. */
export interface RouteRequest {
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  headers?: Record<string, string | string[] | undefined>;
  method?: string;
  path?: string;
  url?: string;
}

export interface RouteResponse {
  status(code: number): RouteResponse;
  json(data: unknown): RouteResponse;
  send(data: unknown): RouteResponse;
  /** Ends the response, sending `chunk` (and what write() gathered) as the body. */
  end(chunk?: unknown): RouteResponse;
  setHeader?(name: string, value: string | string[]): RouteResponse;
  headersSent?: boolean;
  // Node's http.ServerResponse API, which elizaOS plugins' routes also use (plugin-knowledge).
  statusCode?: number;
  writeHead?(statusCode: number, headers?: Record<string, string | string[] | number>): RouteResponse;
  write?(chunk: unknown): boolean;
}

export interface Route {
  type: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'STATIC';
  path: string;
  filePath?: string;
  public?: boolean;
  name?: string;
  isMultipart?: boolean;
  handler?: (req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime) => Promise<void>;
}

export interface TestCase {
  name: string;
  fn: (runtime: IAgentRuntime) => Promise<void> | void;
}

export interface TestSuite {
  name: string;
  tests: TestCase[];
}

/** The unit of extension: everything a package adds to an agent. */
export interface Plugin {
  name: string;
  description: string;
  init?: (config: Record<string, string>, runtime: IAgentRuntime) => Promise<void>;
  config?: Record<string, string | number | boolean | null | undefined>;
  services?: (ServiceClass | null | undefined)[];
  componentTypes?: { name: string; schema: Record<string, unknown>; validator?: (data: unknown) => boolean }[];
  actions?: (Action | null | undefined)[];
  providers?: (Provider | null | undefined)[];
  evaluators?: (Evaluator | null | undefined)[];
  adapter?: IDatabaseAdapter;
  models?: { [modelType: string]: ModelHandlerFn<never, unknown> };
  events?: PluginEvents;
  routes?: Route[];
  /** Kith: prompt templates by name; the character's and the runtime's own take precedence. */
  templates?: Record<string, import('./character').TemplateType>;
  tests?: TestSuite[];
  dependencies?: string[];
  testDependencies?: string[];
  /** Higher-priority plugins register their models with more weight. */
  priority?: number;
  /** Drizzle tables this plugin owns; the adapter migrates them. */
  schema?: Record<string, unknown>;
}

/** One agent of a project (elizaOS's `ProjectAgent`): its character, plugins in code, and what runs once it has started. */
export interface ProjectAgent {
  character: import('./character').Character;
  /** Runs once the agent has started (database open, plugins registered), as elizaOS runs it. */
  init?: (runtime: IAgentRuntime) => Promise<void> | void;
  /** Plugin objects installed along with the ones the character names. */
  plugins?: Plugin[];
  /** Suites `kith test` runs against this agent. */
  tests?: TestSuite | TestSuite[];
}

/** What a project module exports (elizaOS's `Project`): its agents. */
export interface Project {
  agents: ProjectAgent[];
}
