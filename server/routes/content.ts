import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../context';
import { checked, getById, list, nested, notFound, QUERY, queryNumber, queryOrder, type Query } from '../http';

/**
 * Content reads of the main site. Each list answers `{ data: [...] }` sorted by
 * ascending precedence; the catalogue in schemas/api/sources.json describes them for the site.
 * `path` is the API path under /api/v1/, `resource` the stored resource name.
 */
function contentLists(short: string): Array<{ path: string; resource: string }> {
  const same = (path: string) => ({ path, resource: path });
  return [
    same('home-sliders'),
    same('how-it-works'),
    same('home-testimonials'),
    same('shop-sliders'),
    same('shop-testimonials'),
    same('shop-checkout-sliders'),
    same('shop-assignment-sliders'),
    same('contact-us-sliders'),
    same('callback-sliders'),
    same('footers'),
    { path: `${short}-app-sliders`, resource: 'app-sliders' },
    same('feature-parallaxes'),
    same('faqs'),
    same('jobs'),
    same('career-sliders'),
    same('job-testimonials'),
    same('video-sliders'),
    same('video-descriptions'),
    same('privacy-policy-sliders'),
    same('data-privacies'),
    same('business-sliders'),
    same('business-testimonials'),
    same('partners'),
    same('about-us-sliders'),
    same('about-us-sections'),
    same('tele-treatments'),
    same('terms-and-conditions'),
  ];
}

const contentRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { repo } = ctx;

  for (const { path, resource } of contentLists(ctx.product.short)) {
    app.get(`/${path}`, async () => list(await repo.list(resource)));
  }

  app.get<{ Querystring: Query }>('/articles', checked({ querystring: { year: QUERY.year, order_by: QUERY.order_by } }), async (request) =>
    list(await repo.articles({ year: queryNumber(request.query.year), order: queryOrder(request.query.order_by, 'DESC') })),
  );

  getById(app, repo, 'articles', 'Article not found');

  app.get<{ Params: { slug: string } }>('/terms-and-conditions/slug/:slug', async (request, reply) => {
    const terms = await repo.bySlug('terms-and-conditions', request.params.slug);
    return terms ? nested(terms) : notFound(reply, 'Terms and conditions not found');
  });
};

export default contentRoutes;
