import type { IAgentRuntime } from '../types/runtime';
import type { Metadata } from '../types/primitives';
import type { IService } from '../types/service';

/** Well-known service types. Plugins may use any string. */
export const ServiceType = {
  TRANSCRIPTION: 'transcription',
  VIDEO: 'video',
  BROWSER: 'browser',
  PDF: 'pdf',
  REMOTE_FILES: 'aws_s3',
  WEB_SEARCH: 'web_search',
  EMAIL: 'email',
  TEE: 'tee',
  TASK: 'task',
  WALLET: 'wallet',
  LP_POOL: 'lp_pool',
  TOKEN_DATA: 'token_data',
  MESSAGE_BUS: 'message-bus-service',
  EMBEDDING: 'embedding',
} as const;

/**
 * Service types by key, for TypeScript: a plugin adds its own by module
 * augmentation (`declare module '@kith/core' { interface ServiceTypeRegistry
 * { MY_SERVICE: 'my_service' } }`), and ServiceTypeName includes them.
 * The keys are elizaOS 1.7's.
 */
export interface ServiceTypeRegistry {
  TRANSCRIPTION: 'transcription';
  VIDEO: 'video';
  BROWSER: 'browser';
  PDF: 'pdf';
  REMOTE_FILES: 'aws_s3';
  WEB_SEARCH: 'web_search';
  EMAIL: 'email';
  TEE: 'tee';
  TASK: 'task';
  WALLET: 'wallet';
  LP_POOL: 'lp_pool';
  TOKEN_DATA: 'token_data';
  MESSAGE_SERVICE: 'message_service';
  MESSAGE: 'message';
  POST: 'post';
  UNKNOWN: 'unknown';
}

export type ServiceTypeName =
  (typeof ServiceType)[keyof typeof ServiceType] | ServiceTypeRegistry[keyof ServiceTypeRegistry];

/**
 * Base class of long-lived plugin services. Subclasses declare a static
 * `serviceType` and a static `start(runtime)` that returns a started instance.
 */
export abstract class Service implements IService {
  protected runtime!: IAgentRuntime;
  static serviceType: string = 'unknown';
  abstract capabilityDescription: string;
  config?: Metadata;

  constructor(runtime?: IAgentRuntime) {
    if (runtime) this.runtime = runtime;
  }

  abstract stop(): Promise<void>;

  static async start(_runtime: IAgentRuntime): Promise<Service> {
    throw new Error(`${this.name} does not implement static start(runtime)`);
  }

  static async stop(_runtime: IAgentRuntime): Promise<void> {
    // Instances stop themselves; kept for elizaOS compatibility.
  }
}
