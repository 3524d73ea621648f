import type { Plugin } from '@kith/core';
import { ignoreAction, noneAction, replyAction } from './actions';
import { bootstrapEvents } from './events/message-events';
import { DefaultMessageService } from './message-service/default-message-service';
import { EmbeddingGenerationService, TaskService } from './services';
import { actionsProvider, characterProvider, recentMessagesProvider, timeProvider } from './providers';

/** The message pipeline, its core actions and providers. */
export const bootstrapPlugin: Plugin = {
  name: 'bootstrap',
  description: 'Message pipeline, core actions, providers and evaluators',
  init: async (_config, runtime) => {
    runtime.messageService = new DefaultMessageService();
  },
  actions: [replyAction, ignoreAction, noneAction],
  providers: [characterProvider, timeProvider, actionsProvider, recentMessagesProvider],
  evaluators: [],
  events: bootstrapEvents,
  services: [TaskService, EmbeddingGenerationService],
};

export default bootstrapPlugin;
