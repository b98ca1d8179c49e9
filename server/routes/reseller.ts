import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../context';
import { checked, getById, list, nested, notFound, PLAN_NOT_FOUND, QUERY, queryNumber, queryOrder, type Query } from '../http';

/** The reseller-branded site: the reseller by slug and its own lists, filtered by `reseller_id`. */
const resellerRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { repo } = ctx;

  app.get<{ Params: { slug: string } }>('/resellers/slug/:slug', async (request, reply) => {
    const reseller = await repo.bySlug('resellers', request.params.slug);
    return reseller ? nested(reseller) : notFound(reply, `No reseller with slug '${request.params.slug}'.`);
  });

  for (const resource of [
    'reseller-shop-sliders',
    'reseller-shop-plans',
    'reseller-how-it-works',
    'reseller-terms-and-conditions',
    'reseller-faqs',
    'reseller-data-privacies',
  ]) {
    app.get<{ Querystring: Query }>(
      `/${resource}`,
      checked({ querystring: { reseller_id: QUERY.reseller_id, order_by: QUERY.order_by } }),
      async (request) =>
        list(
          await repo.list(resource, {
            resellerId: queryNumber(request.query.reseller_id),
            order: queryOrder(request.query.order_by, 'ASC'),
          }),
        ),
    );
  }

  getById(app, repo, 'reseller-shop-plans', PLAN_NOT_FOUND);

  app.get<{ Params: { slug: string } }>('/reseller-terms-and-conditions/slug/:slug', async (request, reply) => {
    const terms = await repo.bySlug('reseller-terms-and-conditions', request.params.slug);
    return terms ? nested(terms) : notFound(reply, 'Terms and conditions not found');
  });
};

export default resellerRoutes;
