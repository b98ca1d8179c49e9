import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The metric names that the alert rules (deploy/prometheus/alerts.yml) and the Grafana dashboard
 * (deploy/grafana/bantay-doc.json) query, read from their PromQL, so that a test can check each
 * against what the server really exposes.
 */

export const ALERTS_FILE = 'deploy/prometheus/alerts.yml';
export const DASHBOARD_FILE = 'deploy/grafana/bantay-doc.json';

/** Series Prometheus writes itself for every target: never in a scrape. */
export const MADE_BY_PROMETHEUS: ReadonlySet<string> = new Set([
  'up',
  'scrape_duration_seconds',
  'scrape_samples_scraped',
  'scrape_samples_post_metric_relabeling',
  'scrape_series_added',
]);

/** Words PromQL writes where a metric name could stand: operators, modifiers, literals, aggregations. */
const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'inf',
  'nan',
  'sum',
  'min',
  'max',
  'avg',
  'group',
  'stddev',
  'stdvar',
  'count',
  'count_values',
  'bottomk',
  'topk',
  'quantile',
  'limitk',
  'limit_ratio',
]);

/**
 * The metric names one PromQL expression reads, in order of first use. Grafana's variables
 * (`$instance`, `$__rate_interval`) may stand in it. A name is an identifier that is not a
 * function (followed by `(`), a PromQL word, a label (inside `{}` or a `by (...)` list), a
 * string, a duration or a number.
 */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\$\{\w+\}|\$\w+/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w:.])[A-Za-z_:][\w:]*/g)) {
    const name = match[0];
    const next = bare.slice(match.index + name.length).trimStart();
    if (!next.startsWith('(') && !PROMQL_WORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}

/**
 * The `expr` of every rule in a Prometheus rules file, written as alerts.yml writes them: on the
 * key's line (plain or quoted), or as a block scalar (`|`, `>`, with `-`/`+`) on the lines below,
 * which are indented deeper than the key.
 */
export function ruleExprs(yaml: string): string[] {
  const lines = yaml.split('\n');
  const exprs: string[] = [];
  lines.forEach((line, index) => {
    const key = /^(\s*)(?:- )?expr:\s*(.*?)\s*$/.exec(line);
    if (!key) return;
    const [, indent, value] = key;
    if (/^[|>][-+]?$/.test(value)) {
      const block: string[] = [];
      for (const next of lines.slice(index + 1)) {
        if (next.trim() !== '' && /^\s*/.exec(next)![0].length <= indent.length) break;
        block.push(next.trim());
      }
      exprs.push(block.join('\n').trim());
    } else if (value.startsWith('"')) exprs.push(JSON.parse(value) as string);
    else if (value.startsWith("'")) exprs.push(value.slice(1, -1).replaceAll("''", "'"));
    else exprs.push(value);
  });
  return exprs;
}

interface DashboardPanel {
  targets?: Array<{ expr?: string }>;
  panels?: DashboardPanel[];
}

/** The `expr` of every query of a Grafana dashboard's panels, those inside collapsed rows too. */
export function dashboardExprs(dashboard: { panels?: DashboardPanel[] }): string[] {
  const walk = (panels: DashboardPanel[] = []): string[] =>
    panels.flatMap((panel) => [...(panel.targets ?? []).flatMap((target) => (target.expr ? [target.expr] : [])), ...walk(panel.panels)]);
  return walk(dashboard.panels);
}

/**
 * Every metric name the alert rules and the dashboard query, sorted, less the series Prometheus
 * makes itself (`up`): each should be in a scrape of the server's /metrics (a histogram as its
 * `_bucket`, `_sum` and `_count` series).
 */
export function deployMetricNames(root: string = process.cwd()): string[] {
  const exprs = [
    ...ruleExprs(readFileSync(path.join(root, ALERTS_FILE), 'utf8')),
    ...dashboardExprs(JSON.parse(readFileSync(path.join(root, DASHBOARD_FILE), 'utf8')) as { panels?: DashboardPanel[] }),
  ];
  return [...new Set(exprs.flatMap(metricNames))].filter((name) => !MADE_BY_PROMETHEUS.has(name)).sort();
}
