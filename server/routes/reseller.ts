import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../context';
import { intParam, list, nested, notFound, one, orderParam, pathId, type Query } from '../http';

/** The reseller-branded site: the reseller by slug and its own lists, filtered by `reseller_id`. */
const resellerRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { repo } = ctx;

  app.get<{ Params: { slug: string } }>('/resellers/slug/:slug', async (request, reply) => {
    const reseller = repo.bySlug('resellers', request.params.slug);
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
    app.get(`/${resource}`, async (request) => {
      const query = request.query as Query;
      return list(repo.list(resource, { resellerId: intParam(query, 'reseller_id'), order: orderParam(query, 'ASC') }));
    });
  }

  app.get<{ Params: { id: string } }>('/reseller-shop-plans/:id', async (request, reply) => {
    const id = pathId(request.params.id);
    const plan = id === undefined ? undefined : repo.get('reseller-shop-plans', id);
    return plan ? one(plan) : notFound(reply, 'Plan not found');
  });

  app.get<{ Params: { slug: string } }>('/reseller-terms-and-conditions/slug/:slug', async (request, reply) => {
    const terms = repo.bySlug('reseller-terms-and-conditions', request.params.slug);
    return terms ? nested(terms) : notFound(reply, 'Terms and conditions not found');
  });
};

export default resellerRoutes;
