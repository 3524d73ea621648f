import { parseImageDescription } from './image-handlers';

describe('parseImageDescription', () => {
  it('reads a JSON answer, also inside a fence', () => {
    expect(parseImageDescription('{"title": "Cat", "description": "A cat on a mat."}')).toEqual({
      title: 'Cat',
      description: 'A cat on a mat.',
    });
    expect(parseImageDescription('```json\n{title: "Cat", description: "A cat."}\n```')).toEqual({
      title: 'Cat',
      description: 'A cat.',
    });
  });

  it('reads "Title:" and "Description:" lines, with markdown bold', () => {
    expect(parseImageDescription('**Title:** Harbour\n**Description:** Boats at dusk.')).toEqual({
      title: 'Harbour',
      description: 'Boats at dusk.',
    });
  });

  it('falls back to the first line as the title', () => {
    expect(parseImageDescription('A red bicycle\nLeaning on a wall.')).toEqual({
      title: 'A red bicycle',
      description: 'Leaning on a wall.',
    });
    expect(parseImageDescription('Just one line')).toEqual({ title: 'Just one line', description: 'Just one line' });
  });
});
