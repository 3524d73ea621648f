/** One sample of a Prometheus text exposition. */
export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A metric family: its TYPE and HELP and its samples. */
export interface PrometheusFamily {
  type: string;
  help: string;
  samples: PrometheusSample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`Bad sample value in: ${line}`);
  return value;
}

/** Reads `{a="x",b="y"}` from `text` at `start`; returns the labels and where it ended. */
function parseLabels(text: string, start: number, line: string): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  let at = start + 1;
  while (text[at] !== '}') {
    const eq = text.indexOf('=', at);
    const name = text.slice(at, eq);
    if (!LABEL.test(name) || text[eq + 1] !== '"') throw new Error(`Bad label in: ${line}`);
    let value = '';
    let i = eq + 2;
    for (; text[i] !== '"'; i++) {
      if (i >= text.length) throw new Error(`Unterminated label value in: ${line}`);
      if (text[i] === '\\') {
        const next = text[++i];
        value += next === 'n' ? '\n' : next;
      } else value += text[i];
    }
    if (name in labels) throw new Error(`Repeated label ${name} in: ${line}`);
    labels[name] = value;
    at = i + 1;
    if (text[at] === ',') at++;
    else if (text[at] !== '}') throw new Error(`Bad label list in: ${line}`);
  }
  return [labels, at + 1];
}

const FAMILY_SUFFIXES = ['_bucket', '_sum', '_count', '_total'];

/**
 * A strict parser of the Prometheus text format 0.0.4, as Prometheus reads
 * it: HELP and TYPE before their samples, one TYPE per family, valid names,
 * quoted and escaped label values, numeric values; histograms with
 * cumulative buckets ending in le="+Inf" equal to _count. Throws on the
 * first violation.
 */
export function parsePrometheusText(text: string): Map<string, PrometheusFamily> {
  const families = new Map<string, PrometheusFamily>();
  if (!text.endsWith('\n')) throw new Error('The exposition must end with a line feed');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const [, keyword, name, ...rest] = line.split(' ');
      if (keyword !== 'HELP' && keyword !== 'TYPE') continue;
      if (!NAME.test(name ?? '')) throw new Error(`Bad metric name in: ${line}`);
      const family = families.get(name) ?? { type: 'untyped', help: '', samples: [] };
      if (keyword === 'TYPE') {
        if (family.samples.length > 0) throw new Error(`TYPE after samples in: ${line}`);
        if (!TYPES.has(rest[0] ?? '')) throw new Error(`Unknown type in: ${line}`);
        family.type = rest[0];
      } else family.help = rest.join(' ');
      families.set(name, family);
      continue;
    }
    const nameEnd = line.search(/[{ ]/);
    const name = line.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`Bad sample name in: ${line}`);
    let labels: Record<string, string> = {};
    let at = nameEnd;
    if (line[at] === '{') [labels, at] = parseLabels(line, at, line);
    const [valueText] = line.slice(at).trim().split(' ');
    const value = parseValue(valueText ?? '', line);
    const familyName = families.has(name)
      ? name
      : (FAMILY_SUFFIXES.map((suffix) => (name.endsWith(suffix) ? name.slice(0, -suffix.length) : '')).find(
          (base) => base && families.has(base),
        ) ?? name);
    const family = families.get(familyName);
    if (!family) throw new Error(`Sample without TYPE: ${line}`);
    family.samples.push({ name, labels, value });
  }
  for (const [name, family] of families) if (family.type === 'histogram') checkHistogram(name, family);
  return families;
}

function checkHistogram(name: string, family: PrometheusFamily): void {
  const bySeries = new Map<string, PrometheusSample[]>();
  for (const sample of family.samples) {
    const { le: _le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    bySeries.set(key, [...(bySeries.get(key) ?? []), sample]);
  }
  for (const samples of bySeries.values()) {
    const buckets = samples.filter((sample) => sample.name === `${name}_bucket`);
    const count = samples.find((sample) => sample.name === `${name}_count`);
    for (let i = 1; i < buckets.length; i++) {
      if (buckets[i].value < buckets[i - 1].value) throw new Error(`${name}: buckets are not cumulative`);
    }
    const inf = buckets.find((bucket) => bucket.labels.le === '+Inf');
    if (!inf || !count || inf.value !== count.value) throw new Error(`${name}: le="+Inf" must equal _count`);
  }
}
