// elizaOS 1.7 type names for things Kith does not have: TEE records, memory
// read options, the elizaOS server's client messages, typed service helpers.
export type * from './tee';
export type * from './memory-options';
export type * from './messaging';
export type * from './typed-services';
