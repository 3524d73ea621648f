import { formatBootReport } from './format-boot-report';

describe('formatBootReport', () => {
  it('lists each plugin once, in boot order, with its phases summed and counted', () => {
    const lines = formatBootReport([
      { plugin: 'sql', phase: 'init', ms: 0.94 },
      { plugin: 'bootstrap', phase: 'init', ms: 1.2 },
      { plugin: 'database', phase: 'adapter-init', ms: 17.6 },
      { plugin: 'sql', phase: 'migrations', ms: 3 },
      { plugin: 'bootstrap', phase: 'services', ms: 4 },
      { plugin: 'bootstrap', phase: 'services', ms: 7.5 },
    ]);
    expect(lines).toEqual([
      '  sql        init 0.9 ms · migrations 3.0 ms',
      '  bootstrap  init 1.2 ms · services 12 ms (2)',
      '  database   adapter-init 18 ms',
    ]);
    expect(formatBootReport([])).toEqual([]);
  });
});
