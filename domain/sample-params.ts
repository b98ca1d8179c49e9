/**
 * Demo values for route params (the demo data's shops and first article), by page name, so every
 * route of the site can be visited: by the route samples of the benches and tests, and by the
 * editor's preview.
 */
export const SAMPLE_PARAMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ShopMerchant: { slug: 'demo-merchant' },
  ShopMerchantCheckout: { slug: 'demo-merchant' },
  PromoShop: { slug: 'demo-promotion' },
  PromoCheckout: { slug: 'demo-promotion' },
  MediaArticle: { id: '1', title: 'rainy-season-illnesses-leptospirosis-flu-and-colds' },
};

/**
 * The query a page needs to show what it is for, by page name (samplePath adds it): the payment
 * result shows only with the provider's status; without one it sends the visitor on to the shop.
 */
export const SAMPLE_QUERY: Readonly<Record<string, string>> = {
  ShopPayment: '?status=paid',
};
