import { encodingForModel } from './tokenizer-handlers';

describe('encodingForModel', () => {
  it.each(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-nano', 'o3-mini', 'gpt-5', 'openai/gpt-4o'])(
    '%s uses o200k_base',
    (model) => {
      expect(encodingForModel(model)).toBe('o200k_base');
    },
  );

  it.each(['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo', 'text-embedding-3-small', 'text-embedding-ada-002'])(
    '%s uses cl100k_base',
    (model) => {
      expect(encodingForModel(model)).toBe('cl100k_base');
    },
  );

  it('approximates other vendors with o200k_base', () => {
    expect(encodingForModel('llama3.2')).toBe('o200k_base');
    expect(encodingForModel('qwen2.5:7b')).toBe('o200k_base');
  });
});
