import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, removeProjects } from './helpers';

afterAll(removeProjects);

const CONFIG = 'pages.config.json';
const BANNER = '{ "type": "banner", "source": "home-sliders", "pick": "first", "props": { "title": "Welcome" } }';
const withBind = (bind: string) => BANNER.replace(/ }$/, `, "bind": ${bind} }`);

describe('validateProject: section bind (props from the bound item)', () => {
  it('accepts a bind of declared props to item paths', () => {
    const root = makeProject((p) => p.replace(CONFIG, BANNER, withBind('{ "title": "caption", "align": "styles.align" }')));
    expect(validateProject(root)).toEqual([]);
  });

  it('reports a bound prop the block does not declare, with a hint, and a path that is not dotted names', () => {
    const root = makeProject((p) => p.replace(CONFIG, BANNER, withBind('{ "titel": "caption", "title": "a..b" }')));
    const messages = validateProject(root).map((d) => `${d.pointer} ${d.message}`);
    expect(messages).toContain("/pages/0/sections/0/bind/titel block 'banner' has no prop 'titel' — did you mean 'title'?");
    expect(messages.some((m) => m.startsWith('/pages/0/sections/0/bind/title must match the pattern'))).toBe(true);
  });

  it('reports a bind without a source', () => {
    const root = makeProject((p) =>
      p.replace(
        CONFIG,
        '{ "type": "breadcrumbs", "props": { "items": [{ "label": "Home", "href": "/" }] } }',
        '{ "type": "breadcrumbs", "bind": { "items": "x" }, "props": { "items": [{ "label": "Home", "href": "/" }] } }',
      ),
    );
    expect(validateProject(root).map((d) => `${d.pointer} ${d.message}`)).toContain(
      "/pages/0/sections/1/bind 'bind' has no effect without a 'source'",
    );
  });
});
