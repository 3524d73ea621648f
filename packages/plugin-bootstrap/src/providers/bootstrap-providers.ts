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
import { recentMessagesProvider } from './recent-messages';
import { relationshipsProvider } from './relationships';
import { rolesProvider } from './roles';
import { settingsProvider } from './settings';
import { timeProvider } from './time';
import { worldProvider } from './world';

/**
 * The core providers. Run on every turn: CHARACTER, TIME, ACTIONS,
 * RECENT_MESSAGES, PROVIDERS, and SETTINGS, CHOICE and KNOWLEDGE (empty
 * unless a world has settings, a choice is pending or knowledge was added). Dynamic, run when asked for:
 * ANXIETY, ENTITIES, RELATIONSHIPS, WORLD, ATTACHMENTS, CAPABILITIES, FACTS,
 * ROLES. Private: EVALUATORS.
 */
export const bootstrapProviders: Provider[] = [
  characterProvider,
  timeProvider,
  actionsProvider,
  recentMessagesProvider,
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
