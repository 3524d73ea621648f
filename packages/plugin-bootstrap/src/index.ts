export { bootstrapPlugin, default } from './plugin';
export * from './actions';
export * from './providers';
export * from './services';
export { DefaultMessageService } from './message-service/default-message-service';
export { shouldBypassShouldRespond } from './message-service/should-bypass';
export { KeyedSerialQueue } from './message-service/keyed-serial-queue';
export { bootstrapEvents } from './events/message-events';
