// Written the way elizaOS 1.x plugins are (after plugin-starter): everything
// comes from '@elizaos/core', which the jest config maps to @kith/core.
// The only change is `override` on static members, because this repository
// compiles with noImplicitOverride; elizaOS plugins omit it (type-only).
import {
  type Action,
  type Content,
  type Evaluator,
  type GenerateTextParams,
  type HandlerCallback,
  type IAgentRuntime,
  type Memory,
  ModelType,
  type Plugin,
  type Provider,
  type ProviderResult,
  Service,
  type State,
  composePromptFromState,
  createUniqueUuid,
  logger,
  parseKeyValueXml,
} from '@elizaos/core';

const helloWorldTemplate = `# Task: Greet the user as {{agentName}}.

{{providers}}

Respond with XML:
<response>
  <text>your greeting</text>
</response>`;

/**
 * Example service: counts greetings for the action.
 */
export class StarterService extends Service {
  static override serviceType = 'starter';
  capabilityDescription = 'This is a starter service which is attached to the agent through the starter plugin.';
  greetings = 0;
  stopped = false;

  constructor(runtime: IAgentRuntime) {
    super(runtime);
  }

  static override async start(runtime: IAgentRuntime) {
    logger.info('*** Starting starter service ***');
    const service = new StarterService(runtime);
    return service;
  }

  static override async stop(runtime: IAgentRuntime) {
    logger.info('*** Stopping starter service ***');
    const service = runtime.getService(StarterService.serviceType);
    if (!service) {
      throw new Error('Starter service not found');
    }
    await service.stop();
  }

  async stop() {
    this.stopped = true;
    logger.info('*** Stopping starter service instance ***');
  }

  recordGreeting(): number {
    this.greetings += 1;
    return this.greetings;
  }
}

/**
 * Example HelloWorld action: asks the model for a greeting and sends it.
 */
const helloWorldAction: Action = {
  name: 'HELLO_WORLD',
  similes: ['GREET', 'SAY_HELLO'],
  description: 'Responds with a simple hello world message',

  validate: async (_runtime: IAgentRuntime, _message: Memory, _state?: State): Promise<boolean> => {
    return true;
  },

  handler: async (
    runtime: IAgentRuntime,
    message: Memory,
    state?: State,
    _options?: { [key: string]: unknown },
    callback?: HandlerCallback,
    _responses?: Memory[],
  ) => {
    try {
      logger.info('Handling HELLO_WORLD action');
      const currentState = state ?? (await runtime.composeState(message));
      const prompt = composePromptFromState({ state: currentState, template: helloWorldTemplate });
      const response = await runtime.useModel(ModelType.TEXT_SMALL, { prompt });
      const parsed = parseKeyValueXml(response);

      const service = runtime.getService<StarterService>(StarterService.serviceType);
      service?.recordGreeting();

      const responseContent: Content = {
        text: typeof parsed?.text === 'string' ? parsed.text : 'hello world!',
        actions: ['HELLO_WORLD'],
        source: message.content.source,
      };

      if (callback) {
        await callback(responseContent);
      }

      return true;
    } catch (error) {
      // elizaOS code also writes logger.error('...:', error); @kith/core's Logger type rejects that form.
      logger.error(`Error in HELLO_WORLD action: ${String(error)}`);
      throw error;
    }
  },

  examples: [
    [
      { name: '{{name1}}', content: { text: 'Can you say hello?' } },
      { name: '{{name2}}', content: { text: 'hello world!', actions: ['HELLO_WORLD'] } },
    ],
  ],
};

/**
 * Example Hello World Provider.
 */
const helloWorldProvider: Provider = {
  name: 'HELLO_WORLD_PROVIDER',
  description: 'A simple example provider',

  get: async (runtime: IAgentRuntime, message: Memory, _state: State): Promise<ProviderResult> => {
    return {
      text: `I am a provider for ${runtime.character.name}`,
      values: { greeting: 'hello' },
      data: { roomId: message.roomId },
    };
  },
};

/**
 * Example evaluator: remembers greetings as facts.
 */
const greetingEvaluator: Evaluator = {
  name: 'GREETING_EVALUATOR',
  similes: ['GREETING_CHECK'],
  description: 'Remembers when someone greets the agent',
  alwaysRun: false,
  examples: [],

  validate: async (_runtime: IAgentRuntime, message: Memory): Promise<boolean> => {
    return /hello|hi\b/i.test(message.content.text ?? '');
  },

  handler: async (runtime: IAgentRuntime, message: Memory) => {
    await runtime.createMemory(
      {
        id: createUniqueUuid(runtime, `greeting-${message.id}`),
        entityId: message.entityId,
        agentId: runtime.agentId,
        roomId: message.roomId,
        content: { text: `${message.content.text} was a greeting` },
      },
      'facts',
    );
  },
};

export const starterPlugin: Plugin = {
  name: 'plugin-starter',
  description: 'Plugin starter for elizaOS',
  config: {
    EXAMPLE_PLUGIN_VARIABLE: process.env.EXAMPLE_PLUGIN_VARIABLE,
  },
  async init(config: Record<string, string>) {
    logger.info('*** Initializing starter plugin ***');
    if (config.EXAMPLE_PLUGIN_VARIABLE === 'invalid') {
      throw new Error('Invalid plugin configuration');
    }
    for (const [key, value] of Object.entries(config)) {
      if (value) process.env[key] = value;
    }
  },
  models: {
    [ModelType.TEXT_SMALL]: async (_runtime, { prompt }: GenerateTextParams) => {
      return `<response><text>Hello from the starter model (${prompt.length} chars)</text></response>`;
    },
    [ModelType.TEXT_LARGE]: async (_runtime, { prompt, stopSequences = [] }: GenerateTextParams) => {
      return `Never gonna give you up (${prompt.length}, ${stopSequences.length})`;
    },
  },
  routes: [
    {
      name: 'hello-world-route',
      path: '/helloworld',
      type: 'GET',
      handler: async (_req, res) => {
        res.json({ message: 'Hello World!' });
      },
    },
  ],
  events: {
    MESSAGE_RECEIVED: [
      async (params) => {
        logger.info('MESSAGE_RECEIVED event received');
        logger.info(Object.keys(params));
      },
    ],
    WORLD_CONNECTED: [
      async (params) => {
        logger.info('WORLD_CONNECTED event received');
        logger.info(Object.keys(params));
      },
    ],
  },
  services: [StarterService],
  actions: [helloWorldAction],
  providers: [helloWorldProvider],
  evaluators: [greetingEvaluator],
};

export default starterPlugin;
