import { parsePrometheusText } from './parse-prometheus-text';

describe('parsePrometheusText', () => {
  it('reads families, escaped labels and histograms', () => {
    const families = parsePrometheusText(
      [
        '# HELP a_total Things',
        '# TYPE a_total counter',
        'a_total{x="q\\"uote",y="b\\\\s"} 3',
        '# TYPE h histogram',
        'h_bucket{le="1"} 1',
        'h_bucket{le="+Inf"} 2',
        'h_sum 3.5',
        'h_count 2',
        '',
      ].join('\n'),
    );
    expect(families.get('a_total')?.samples[0]).toEqual({
      name: 'a_total',
      labels: { x: 'q"uote', y: 'b\\s' },
      value: 3,
    });
    expect(families.get('h')?.samples).toHaveLength(4);
  });

  it('refuses what Prometheus would refuse', () => {
    expect(() => parsePrometheusText('a 1\n')).toThrow('Sample without TYPE');
    expect(() => parsePrometheusText('# TYPE a gauge\na{b=1} 1\n')).toThrow('Bad label');
    expect(() => parsePrometheusText('# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_count 3\n')).toThrow('+Inf');
    expect(() => parsePrometheusText('# TYPE a gauge\na 1')).toThrow('line feed');
  });
});
