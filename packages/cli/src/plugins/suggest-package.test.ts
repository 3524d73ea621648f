import { suggestPackage } from './suggest-package';

describe('suggestPackage', () => {
  const installed = ['@kith/plugin-sql', '@kith/plugin-bootstrap', '@kith/plugin-openai', 'kith-plugin-hello', 'zod'];

  it('names the installed package a typo or a wrong scope most resembles', () => {
    expect(suggestPackage('@kith/plugin-opneai', installed)).toBe('@kith/plugin-openai');
    expect(suggestPackage('@elizaos/plugin-bootstrap', installed)).toBe('@kith/plugin-bootstrap');
    expect(suggestPackage('kith-plugin-helo', installed)).toBe('kith-plugin-hello');
  });

  it('suggests nothing when nothing is close', () => {
    expect(suggestPackage('@acme/plugin-weather', installed)).toBeNull();
    expect(suggestPackage('telegram', installed)).toBeNull();
  });
});
