const NAMES = ['Alice', 'Bob', 'Charlie', 'Dana', 'Evan', 'Fiona', 'Gus', 'Hana', 'Ivan', 'Jade'];

/**
 * Fills `{{name1}}`/`{{user1}}`... placeholders in examples. elizaOS picks
 * random names; fixed ones (rotated per example) keep prompts reproducible
 * and cacheable. Other placeholders such as {{agentName}} are left alone.
 */
export function fillExampleNames(text: string, exampleIndex: number): string {
  return text.replace(/\{\{(?:name|user)(\d+)\}\}/g, (_match, digits: string) => {
    const position = Number(digits) - 1 + exampleIndex;
    return NAMES[((position % NAMES.length) + NAMES.length) % NAMES.length];
  });
}
