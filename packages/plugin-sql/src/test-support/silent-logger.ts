// src/pg/fleet's tests import the silent logger from here; every other test from ../testing/.
export { silentLogger } from '../testing/silent-logger';
