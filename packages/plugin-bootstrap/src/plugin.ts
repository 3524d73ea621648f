import type { Plugin } from '@kith/core';
import { bootstrapActions } from './actions';
import { bootstrapEvents } from './events/message-events';
import { DefaultMessageService } from './message-service/default-message-service';
import { ActionFilterService, EmbeddingGenerationService, TaskService } from './services';
import { bootstrapProviders } from './providers';
import { bootstrapEvaluators } from './evaluators';

/** The message pipeline, its core actions and providers. */
export const bootstrapPlugin: Plugin = {
  name: 'bootstrap',
  description: 'Message pipeline, core actions, providers and evaluators',
  init: async (_config, runtime) => {
    runtime.messageService = new DefaultMessageService();
  },
  actions: bootstrapActions,
  providers: bootstrapProviders,
  evaluators: bootstrapEvaluators,
  events: bootstrapEvents,
  services: [TaskService, EmbeddingGenerationService, ActionFilterService],
};

export default bootstrapPlugin;
