// Entities, worlds and roles looked up through the runtime's adapter, with elizaOS-compatible names.
export { getEntityDetails, type EntityDetails } from './get-entity-details';
export { findEntityByName } from './find-entity-by-name';
export { getUserServerRole } from './get-user-server-role';
export { findWorldsForOwner } from './find-worlds-for-owner';
