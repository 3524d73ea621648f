import { parseBooleanFromText } from './parse-boolean';

describe('parseBooleanFromText', () => {
  it.each(['true', 'TRUE', 'True', 't', 'yes', 'YES', 'y', 'on', '1', 'enable', 'enabled', ' yes '])(
    '%p is true',
    (v) => {
      expect(parseBooleanFromText(v)).toBe(true);
    },
  );

  it.each(['YES.', 'Yes!', '"yes"', '**Yes**', '`true`', 'yes\n'])('model-style %p is true', (v) => {
    expect(parseBooleanFromText(v)).toBe(true);
  });

  it.each(['false', 'no', 'NO.', 'n', 'off', '0', 'disable', '', 'maybe', 'yes please', 'not yes', 'yess'])(
    '%p is false',
    (v) => {
      expect(parseBooleanFromText(v)).toBe(false);
    },
  );

  it('passes booleans through', () => {
    expect(parseBooleanFromText(true)).toBe(true);
    expect(parseBooleanFromText(false)).toBe(false);
  });

  it('reads 1 as true and other numbers as false', () => {
    expect(parseBooleanFromText(1)).toBe(true);
    expect(parseBooleanFromText(0)).toBe(false);
    expect(parseBooleanFromText(2)).toBe(false);
  });

  it.each([undefined, null, {}, [], Symbol('x'), () => true])('never throws on %p', (v) => {
    expect(parseBooleanFromText(v)).toBe(false);
  });
});
