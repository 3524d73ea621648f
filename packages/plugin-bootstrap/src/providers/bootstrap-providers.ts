import type { Provider } from '@kith/core';
import { actionsProvider } from './actions';
import { anxietyProvider } from './anxiety';
import { attachmentsProvider } from './attachments';
import { capabilitiesProvider } from './capabilities';
import { characterProvider } from './character';
import { choiceProvider } from './choice';
import { entitiesProvider } from './entities';
import { evaluatorsProvider } from './evaluators';
import { factsProvider } from './facts';
import { knowledgeProvider } from './knowledge';
import { providersProvider } from './providers';
import { receivedMessageProvider } from './received-message';
import { recentMessagesProvider } from './recent-messages';
import { relationshipsProvider } from './relationships';
import { rolesProvider } from './roles';
import { settingsProvider } from './settings';
import { timeProvider } from './time';
import { worldProvider } from './world';

/**
 * The core providers. Run on every turn: CHARACTER, TIME, ACTIONS,
 * RECENT_MESSAGES, RECEIVED_MESSAGE, PROVIDERS, and SETTINGS, CHOICE and
 * KNOWLEDGE (empty unless a world has settings, a choice is pending or
 * knowledge was added). Dynamic, run when asked for: ANXIETY, ENTITIES,
 * RELATIONSHIPS, WORLD, ATTACHMENTS, CAPABILITIES, FACTS, ROLES. Private:
 * EVALUATORS.
 *
 * Their positions order `{{providers}}` for provider prompt caches: text that
 * stays the same across a room's turns first (below 0: ACTIONS, PROVIDERS,
 * CHARACTER, ANXIETY, ENTITIES, ROLES, WORLD, CAPABILITIES, SETTINGS; other
 * plugins' providers default to 0), then the conversation history
 * (RECENT_MESSAGES, 60), then what changes every turn (CHOICE, KNOWLEDGE,
 * FACTS, RELATIONSHIPS, ATTACHMENTS, TIME, 70 to 90) and last the message
 * being answered (RECEIVED_MESSAGE, 100).
 */
export const bootstrapProviders: Provider[] = [
  characterProvider,
  timeProvider,
  actionsProvider,
  recentMessagesProvider,
  receivedMessageProvider,
  providersProvider,
  settingsProvider,
  choiceProvider,
  knowledgeProvider,
  anxietyProvider,
  entitiesProvider,
  relationshipsProvider,
  worldProvider,
  attachmentsProvider,
  capabilitiesProvider,
  factsProvider,
  rolesProvider,
  evaluatorsProvider,
];
