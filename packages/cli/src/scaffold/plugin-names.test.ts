import { KithError } from '@kith/core';
import { pluginNameProblems, pluginNames } from './plugin-names';

describe('pluginNames', () => {
  it('derives every name from one kebab-case name', () => {
    expect(pluginNames({ name: 'weather-report' })).toEqual({
      name: 'weather-report',
      packageName: '@kith/plugin-weather-report',
      projectRoot: 'packages/plugin-weather-report',
      exportName: 'weatherReportPlugin',
      constantName: 'WEATHER_REPORT',
      title: 'Weather Report',
      description: 'Weather Report: a Kith plugin with an example action and provider.',
      descriptionJson: '"Weather Report: a Kith plugin with an example action and provider."',
    });
  });

  it('honours the scope, directory and description options', () => {
    const names = pluginNames({
      name: 'crm2',
      scope: '@acme',
      directory: 'libs/agents/',
      description: '  Talks to the CRM.  ',
    });
    expect(names).toMatchObject({
      packageName: '@acme/plugin-crm2',
      projectRoot: 'libs/agents/plugin-crm2',
      exportName: 'crm2Plugin',
      description: 'Talks to the CRM.',
    });
    expect(pluginNames({ name: 'crm', scope: '' }).packageName).toBe('kith-plugin-crm');
  });

  it('accepts kebab-case and says how to fix anything else', () => {
    expect(pluginNameProblems('a1-b2')).toEqual([]);
    expect(pluginNameProblems('WeatherReport')).toEqual([
      expect.stringMatching(/is not kebab-case.*e\.g\. "weather-report"/),
    ]);
    expect(pluginNameProblems('my_plugin')[0]).toContain('e.g. "my-plugin"');
    expect(pluginNameProblems('double--hyphen')[0]).toContain('e.g. "double-hyphen"');
    expect(pluginNameProblems('9lives')[0]).toContain('starting with a letter');
    expect(pluginNameProblems('plugin-weather')).toEqual([expect.stringContaining('pass "weather"')]);
    expect(pluginNameProblems('  ')).toEqual([expect.stringContaining('is required')]);
  });

  it('throws one KITH_CONFIG_INVALID error listing every bad option', () => {
    let thrown: unknown;
    try {
      pluginNames({ name: 'Bad Name', scope: 'acme', directory: '../outside' });
    } catch (error) {
      thrown = error;
    }
    expect(KithError.hasCode(thrown, 'KITH_CONFIG_INVALID')).toBe(true);
    const message = (thrown as Error).message;
    expect(message).toContain('name: "Bad Name" is not kebab-case');
    expect(message).toContain('scope: "acme" is not an npm scope');
    expect(message).toContain('directory: "../outside" must be a folder inside the workspace');
    expect(() => pluginNames({ name: 'ok', directory: '/abs' })).toThrow(/directory: "\/abs"/);
  });
});
