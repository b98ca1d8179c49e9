import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_FILE, metricNames } from './dashboard-metrics';

/**
 * The Grafana dashboard (deploy/grafana/bantay-doc.json) is one Grafana imports and draws: the
 * fields it needs, on every panel a Prometheus query through the data-source variable, a place on
 * the 24-column grid that no other panel takes, and the instance variable in every selector.
 * (@grafana/schema ships TypeScript types only, no JSON schema: the schema here is the part of
 * Grafana's that this dashboard relies on.)
 */

const DATASOURCE = { type: 'prometheus', uid: '${DS_PROMETHEUS}' };

const gridPos = {
  type: 'object',
  required: ['h', 'w', 'x', 'y'],
  properties: {
    h: { type: 'integer', minimum: 1 },
    w: { type: 'integer', minimum: 1, maximum: 24 },
    x: { type: 'integer', minimum: 0, maximum: 23 },
    y: { type: 'integer', minimum: 0 },
  },
};

const DASHBOARD_SCHEMA = {
  type: 'object',
  required: ['title', 'uid', 'schemaVersion', 'panels', 'templating', 'time', 'refresh'],
  properties: {
    title: { type: 'string', minLength: 1 },
    uid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
    schemaVersion: { type: 'integer', minimum: 36 },
    time: { type: 'object', required: ['from', 'to'], properties: { from: { type: 'string' }, to: { type: 'string' } } },
    refresh: { type: 'string' },
    templating: {
      type: 'object',
      required: ['list'],
      properties: {
        list: {
          type: 'array',
          items: { type: 'object', required: ['name', 'type'], properties: { name: { type: 'string', pattern: '^\\w+$' } } },
        },
      },
    },
    panels: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'type', 'title', 'gridPos'],
        properties: { id: { type: 'integer', minimum: 1 }, type: { type: 'string' }, title: { type: 'string', minLength: 1 }, gridPos },
        if: { properties: { type: { const: 'row' } } },
        then: {
          required: ['collapsed', 'panels'],
          properties: { gridPos: { type: 'object', properties: { h: { const: 1 }, w: { const: 24 }, x: { const: 0 } } } },
        },
        else: {
          required: ['datasource', 'targets', 'fieldConfig', 'options', 'description'],
          properties: {
            type: { enum: ['timeseries', 'stat', 'state-timeline'] },
            datasource: { const: DATASOURCE },
            description: { type: 'string', minLength: 1 },
            targets: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                required: ['refId', 'expr', 'datasource', 'legendFormat'],
                properties: {
                  refId: { type: 'string', pattern: '^[A-Z]$' },
                  expr: { type: 'string', minLength: 1 },
                  datasource: { const: DATASOURCE },
                  legendFormat: { type: 'string', minLength: 1 },
                },
              },
            },
          },
        },
      },
    },
  },
};

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: Array<{ refId: string; expr: string }>;
}
interface Dashboard {
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string; query: unknown; datasource?: unknown; includeAll?: boolean }> };
}

const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as Dashboard;
const queries = dashboard.panels.filter((panel) => panel.type !== 'row');

describe('the Grafana dashboard', () => {
  it('has the fields Grafana needs', () => {
    const validate = new Ajv({ allErrors: true }).compile(DASHBOARD_SCHEMA);
    expect(validate(dashboard), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('has its rows in order', () => {
    expect(dashboard.panels.filter((panel) => panel.type === 'row').map((row) => row.title)).toEqual([
      'Traffic and errors',
      'Render and cache',
      'Sales and keys',
      'E-mail',
      'Dependencies',
    ]);
  });

  it('asks for the Prometheus data source and offers the instances', () => {
    const [source, instance] = dashboard.templating.list;
    expect(source).toMatchObject({ name: 'DS_PROMETHEUS', type: 'datasource', query: 'prometheus' });
    expect(instance).toMatchObject({ name: 'instance', type: 'query', datasource: DATASOURCE, includeAll: true });
    expect(JSON.stringify(instance.query)).toContain('label_values(up{job=\\"telmed\\"}, instance)');
  });

  it('gives each panel an id of its own and each query of a panel a refId of its own', () => {
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of queries) {
      const refIds = panel.targets!.map((target) => target.refId);
      expect(new Set(refIds).size, panel.title).toBe(refIds.length);
    }
  });

  it('places every panel on the grid, none over another, the rows in between', () => {
    const cells = new Map<string, string>();
    for (const { title, gridPos } of dashboard.panels) {
      expect(gridPos.x + gridPos.w, title).toBeLessThanOrEqual(24);
      for (let x = gridPos.x; x < gridPos.x + gridPos.w; x++)
        for (let y = gridPos.y; y < gridPos.y + gridPos.h; y++) {
          expect(cells.get(`${x},${y}`), `${title} over another panel at ${x},${y}`).toBeUndefined();
          cells.set(`${x},${y}`, title);
        }
    }
    // Grafana puts a panel under the last row above it: each row's panels lie between it and the next row.
    let rowY = -1;
    for (const panel of dashboard.panels) {
      if (panel.type === 'row') {
        expect(panel.gridPos.y, panel.title).toBeGreaterThan(rowY);
        rowY = panel.gridPos.y;
      } else expect(panel.gridPos.y, panel.title).toBeGreaterThan(rowY);
    }
  });

  it('reads the shop job of the chosen instances wherever it names a metric', () => {
    const FILTER = '{job="telmed", instance=~"$instance"';
    for (const panel of queries)
      for (const { expr } of panel.targets!) {
        const names = metricNames(expr);
        expect(names.length, expr).toBeGreaterThan(0);
        for (const name of names) {
          const uses = expr.split(new RegExp(`(?<![\\w:])${name}(?![\\w:])`)).slice(1);
          expect(uses.length, expr).toBeGreaterThan(0);
          for (const after of uses) expect(after.startsWith(FILTER), `${panel.title}: ${name} in ${expr}`).toBe(true);
        }
      }
  });
});
