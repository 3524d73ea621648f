import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCostlyAgent } from '../testing/costly-agent';
import { http } from '../testing/http-client';
import { parsePrometheusText } from '../testing/parse-prometheus-text';
import { startTestServer } from '../testing/test-server';

const DASHBOARD = resolve(__dirname, '../../../../docs/grafana/kith-dashboard.json');
/** Labels Prometheus adds at scrape time, and the histogram bucket bound. */
const SCRAPE_LABELS = new Set(['job', 'instance', 'le']);
const PROMQL_WORDS = new Set(['sum', 'by', 'rate', 'histogram_quantile', 'clamp_min', 'without']);

interface Panel {
  title: string;
  targets: { expr: string }[];
}

/** The series names a PromQL expression selects (`name{...}`), with the label names its matchers and `by` use. */
function selectors(expr: string): { metric: string; labels: string[] }[] {
  const found: { metric: string; labels: string[] }[] = [];
  const by = [...expr.matchAll(/by \(([^)]*)\)/g)].flatMap((match) => match[1].split(',').map((l) => l.trim()));
  for (const match of expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/g)) {
    if (PROMQL_WORDS.has(match[1])) continue;
    // A matcher against "" also matches a series without the label (error_type!="" on failures only).
    const labels = match[2]
      .split(',')
      .map((matcher) => /^\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"(.*)"\s*$/.exec(matcher))
      .filter((parts): parts is RegExpExecArray => parts !== null && parts[3] !== '')
      .map((parts) => parts[1]);
    found.push({ metric: match[1], labels: [...labels, ...by] });
  }
  return found;
}

describe('docs/grafana/kith-dashboard.json', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kith-grafana-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('queries only series that GET /metrics serves, with labels they carry', async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
    const agent = await createCostlyAgent(dataDir, {}, 'Penny');
    const { server, url } = await startTestServer({ agents: [agent.runtime] });
    try {
      await http(url, `/api/agents/${agent.runtime.agentId}/messages`, { body: { text: 'hello' } });
      await agent.runtime.messageService?.whenIdle?.();
      const families = parsePrometheusText(await (await fetch(`${url}/metrics`)).text());
      const sampleNames = new Map<string, Set<string>>();
      const familyOf = new Map<string, string>();
      for (const [name, family] of families) {
        for (const suffix of ['', '_bucket', '_sum', '_count']) familyOf.set(`${name}${suffix}`, name);
        for (const sample of family.samples) {
          const labels = sampleNames.get(sample.name) ?? new Set<string>();
          for (const label of Object.keys(sample.labels)) labels.add(label);
          sampleNames.set(sample.name, labels);
        }
      }

      const queried = dashboard.panels.flatMap((panel) =>
        panel.targets.flatMap((target) => selectors(target.expr).map((s) => ({ ...s, panel: panel.title }))),
      );
      expect(queried.length).toBeGreaterThanOrEqual(dashboard.panels.length);
      for (const { metric, labels, panel } of queried) {
        expect({ panel, metric, exists: familyOf.has(metric) }).toEqual({ panel, metric, exists: true });
        // Families with samples after one turn must carry every label the panel groups or filters by.
        const carried = sampleNames.get(metric);
        if (!carried) continue;
        const missing = labels.filter((label) => !SCRAPE_LABELS.has(label) && !carried.has(label));
        expect({ panel, metric, missing }).toEqual({ panel, metric, missing: [] });
      }
    } finally {
      await server.close();
    }
  });
});
