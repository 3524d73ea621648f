import type { z } from 'zod';

/** How each top-level field is written, shown as the fix for any problem under it. */
const FIELD_EXAMPLES: Record<string, string> = {
  id: '"id": "0b9f6c52-8d3e-4d7a-9d55-3f1c2e4a5b6c" (a UUID), or leave it out',
  name: '"name": "Eliza"',
  username: '"username": "eliza"',
  system: '"system": "You are Eliza, a patient listener."',
  bio: '"bio": ["A patient listener.", "Asks open questions."]',
  templates: '"templates": { "messageHandlerTemplate": "..." }',
  messageExamples:
    '"messageExamples": [[{ "name": "{{user}}", "content": { "text": "Hi" } }, { "name": "Eliza", "content": { "text": "Hello." } }]]',
  postExamples: '"postExamples": ["A short post."]',
  topics: '"topics": ["psychology"]',
  adjectives: '"adjectives": ["patient"]',
  knowledge: '"knowledge": ["A fact.", { "path": "docs/faq.md" }, { "directory": "docs" }]',
  plugins: '"plugins": ["@kith/plugin-openai"] (npm package names)',
  settings: '"settings": { "MODEL_TEMPERATURE": 0.7 }',
  secrets: '"secrets": { "OPENAI_API_KEY": "sk-..." } (strings, numbers or booleans)',
  style: '"style": { "all": ["short sentences"], "chat": ["no emojis"], "post": ["..."] }',
};

/** `plugins[1]`, `style.all`, `messageExamples[0][1].content`; `(root)` for the whole file. */
export function jsonPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
}

function problem(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return 'is required';
  // zod's generic wording adds nothing to the path and the example that follow.
  return issue.message.replace(/^Invalid input: /, '').replace(/^Invalid input$/, 'has the wrong shape');
}

/** One problem: the JSON path, what is wrong, and how the field is written. */
export function describeCharacterIssue(issue: z.core.$ZodIssue): string {
  const text = `${jsonPath(issue.path)}: ${problem(issue)}`;
  const field = typeof issue.path[0] === 'string' ? FIELD_EXAMPLES[issue.path[0]] : undefined;
  // Messages written for this schema carry their own example.
  return field && !text.includes('e.g.') ? `${text}; write it like ${field}` : text;
}
