import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALERTS_FILE, DASHBOARD_FILE, dashboardExprs } from './dashboard-metrics';

/**
 * The Prometheus files of deploy/prometheus: the alert rules load, their promtool unit tests pass,
 * and the example configuration is one Prometheus accepts. Needs promtool (Debian's `prometheus`,
 * which .ci/run installs); without it these tests are skipped and say so.
 */

const PROMTOOL = '/usr/bin/promtool';
const DIR = 'deploy/prometheus';
const hasPromtool = existsSync(PROMTOOL);
if (!hasPromtool) console.warn(`prometheus.test.ts: no ${PROMTOOL} (apt-get install prometheus); the promtool checks are skipped`);

function promtool(...args: string[]) {
  const result = spawnSync(PROMTOOL, args, { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

const alerts = readFileSync(ALERTS_FILE, 'utf8');
/** Each alert's name and its text in alerts.yml, up to the next rule. */
const alertBlocks = [...alerts.matchAll(/- alert: (\w+)\n([\s\S]*?)(?=\n\s*- alert: |\n\s*- name: |$)/g)].map(([, name, body]) => ({
  name,
  body,
}));

describe.skipIf(!hasPromtool)('promtool', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'promtool-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('loads the alert rules', () => {
    const { status, output } = promtool('check', 'rules', ALERTS_FILE);
    expect(output).toContain(`SUCCESS: ${alertBlocks.length} rules found`);
    expect(status).toBe(0);
  });

  it('passes the unit tests of the alerts', () => {
    const { status, output } = promtool('test', 'rules', `${DIR}/alerts.test.yml`);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('accepts the example configuration and the rule file it names', () => {
    const { status, output } = promtool('check', 'config', `${DIR}/prometheus.yml`);
    expect(output).toContain('SUCCESS: 1 rule files found');
    expect(output).toContain('is valid prometheus config file syntax');
    expect(status).toBe(0);
  });

  it('parses every query of the Grafana dashboard, its variables given values', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as Parameters<typeof dashboardExprs>[0];
    const exprs = dashboardExprs(dashboard).map((expr) =>
      expr.replaceAll('$__rate_interval', '1m').replaceAll('$__range', '6h').replaceAll('$instance', '.*'),
    );
    expect(exprs.length).toBeGreaterThan(20);
    const rules = exprs.map((expr, index) => `      - record: dashboard_query_${index}\n        expr: ${JSON.stringify(expr)}\n`).join('');
    const file = path.join(tmp, 'dashboard-queries.yml');
    writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules}`);
    const { status, output } = promtool('check', 'rules', file);
    expect(output).toContain(`SUCCESS: ${exprs.length} rules found`);
    expect(status).toBe(0);
  });
});

describe('the alert rules', () => {
  it('are these fifteen, in this order', () => {
    expect(alertBlocks.map((alert) => alert.name)).toEqual([
      'TelmedKeyEmailsStuck',
      'TelmedKeyEmailFailed',
      'TelmedFormEmailFailed',
      'TelmedPaymentReviewsOpen',
      'TelmedSubmissionWaiting',
      'TelmedHighErrorRate',
      'TelmedRendersBusy',
      'TelmedRenderBudgetRefusing',
      'TelmedInstanceDown',
      'TelmedInstanceNotReady',
      'TelmedRedisDown',
      'TelmedUploadQuotaRefusing',
      'TelmedUploadsNearQuota',
      'TelmedContentRecordBehind',
      'TelmedContentScheduleFailed',
    ]);
  });

  it.each(alertBlocks)('$name has a severity, a summary and a description', ({ body }) => {
    expect(body).toMatch(/\n\s+labels:\n\s+severity: (page|ticket)\n/);
    expect(body).toMatch(/\n\s+summary: \S/);
    expect(body).toMatch(/\n\s+description: \S/);
  });

  it.each(alertBlocks)('$name fires in at least one unit test, its text as rendered', ({ name }) => {
    const tests = readFileSync(`${DIR}/alerts.test.yml`, 'utf8');
    const firing = new RegExp(
      `alertname: ${name}\\n\\s+exp_alerts:\\n\\s+- exp_labels: \\{[^}]*severity: (page|ticket)[^}]*\\}\\n\\s+exp_annotations:\\n\\s+summary: .+\\n\\s+description: `,
    );
    expect(tests).toMatch(firing);
  });
});
