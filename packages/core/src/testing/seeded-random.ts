// Test data and benchmark inputs use the generator prompts rotate with.
export { seededRandom } from '../prompts/prompt-rotation';
