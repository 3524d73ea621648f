export { defineAgent, defineProject, definePlugin } from './define-helpers';
