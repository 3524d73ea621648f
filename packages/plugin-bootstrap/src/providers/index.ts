export { recentMessagesProvider } from './recent-messages';
export { characterProvider } from './character';
export { timeProvider } from './time';
export { actionsProvider } from './actions';
