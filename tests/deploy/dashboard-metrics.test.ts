import { describe, expect, it } from 'vitest';
import { dashboardExprs, deployMetricNames, metricNames, ruleExprs } from './dashboard-metrics';

describe('metricNames', () => {
  it('finds the metrics of a query, not its functions, labels, durations, numbers or variables', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (route, le) (rate(http_request_duration_seconds_bucket{job="telmed", route=~"/api/{x}"}[$__rate_interval])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(
      metricNames(
        'sum(rate(http_requests_total{status=~"5.."}[2m])) / sum without (instance) (rate(http_requests_total[2m] offset 1h)) > 1e-2 and on(job) up == bool 0x1',
      ),
    ).toEqual(['http_requests_total', 'up']);
    expect(metricNames('count(telmed_redis_up == 0) > 0 unless max(telmed_ready)')).toEqual(['telmed_redis_up', 'telmed_ready']);
  });
});

describe('ruleExprs', () => {
  it('reads one-line, quoted and block expressions', () => {
    const yaml = [
      'groups:',
      '  - name: a',
      '    rules:',
      '      - alert: One',
      '        expr: up == 0',
      '        for: 1m',
      '      - record: two',
      '        expr: "sum(x_total)"',
      '      - alert: Three',
      '        expr: |',
      '          a_total',
      '',
      '            or b_total',
      '        for: 5m',
    ].join('\n');
    expect(ruleExprs(yaml)).toEqual(['up == 0', 'sum(x_total)', 'a_total\n\nor b_total']);
  });
});

describe('deployMetricNames', () => {
  it("lists the metrics of the alerts and of the dashboard's panels, in rows too, less Prometheus' own", () => {
    expect(dashboardExprs({ panels: [{ targets: [{ expr: 'a' }] }, { panels: [{ targets: [{ expr: 'b' }, {}] }] }] })).toEqual(['a', 'b']);
    const names = deployMetricNames();
    // From an alert only, from the dashboard only, and from both.
    for (const name of ['telmed_outbox_oldest_unsent_age_seconds', 'telmed_keys_issued_total', 'http_requests_total'])
      expect(names).toContain(name);
    expect(names).not.toContain('up');
    expect(names).toEqual([...names].sort());
  });
});
