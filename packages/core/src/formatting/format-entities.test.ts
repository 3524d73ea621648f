import { ALICE, BOB, entity } from '../testing/fixtures/world';
import { formatEntities } from './format-entities';

describe('formatEntities', () => {
  it('lists names, id and metadata as JSON', () => {
    const out = formatEntities({
      entities: [entity(ALICE, ['Alice', 'Al'], { role: 'admin' }), entity(BOB, ['Bob'])],
    });
    expect(out).toBe(`"Alice" aka "Al"\nID: ${ALICE}\nData: {"role":"admin"}\n\n"Bob"\nID: ${BOB}\n`);
  });

  it('returns an empty string for no entities', () => {
    expect(formatEntities({ entities: [] })).toBe('');
  });
});
