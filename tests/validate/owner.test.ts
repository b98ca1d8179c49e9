import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, removeProjects } from './helpers';

afterAll(removeProjects);

const CONFIG = 'pages.config.json';
const PAGE = '"path": "/media/article/:id",\n      "sections": [{ "type": "articleList", "source": "articles/:id" }]';
/** The MediaArticle page (pages/5) with an owner resolved from its route and a section querying by the owner's id. */
const owned = (owner: string, query: string) =>
  `"path": "/media/article/:id",\n      "owner": ${owner},\n      "sections": [{ "type": "articleList", "source": "articles", "query": ${query} }]`;

describe('validateProject: page owner (reseller, merchant, promotion resolved from the slug)', () => {
  it("accepts an owner source with the route's params and ':param' query values of the route or the owner", () => {
    const root = makeProject((p) =>
      p.replace(CONFIG, PAGE, owned('{ "source": "articles/:id", "param": "owner_id" }', '{ "year": ":owner_id", "order_by": ":id" }')),
    );
    expect(validateProject(root)).toEqual([]);
  });

  it('reports an unknown owner source, with a hint', () => {
    const root = makeProject((p) =>
      p.replace(CONFIG, PAGE, owned('{ "source": "articels/:id", "param": "owner_id" }', '{ "year": ":owner_id" }')),
    );
    const messages = validateProject(root).map((d) => `${d.pointer} ${d.message}`);
    expect(messages).toContain("/pages/5/owner/source unknown source 'articels/:id' — did you mean 'articles/:id'?");
  });

  it('reports a query value naming a param that neither the route nor the owner gives', () => {
    const root = makeProject((p) =>
      p.replace(CONFIG, PAGE, owned('{ "source": "articles/:id", "param": "owner_id" }', '{ "year": ":ownr_id" }')),
    );
    const messages = validateProject(root).map((d) => `${d.pointer} ${d.message}`);
    expect(messages).toContain(
      "/pages/5/sections/0/query/year query value ':ownr_id' is not a parameter of the page path '/media/article/:id' nor its owner's — did you mean 'owner_id'?",
    );
  });

  it('reports an owner without its param name', () => {
    const root = makeProject((p) => p.replace(CONFIG, PAGE, owned('{ "source": "articles/:id" }', '{ "year": "2024" }')));
    expect(validateProject(root).some((d) => d.pointer === '/pages/5/owner' && /param/.test(d.message))).toBe(true);
  });
});
