/** A route's params as the site passes them: a param the route does not have is undefined. */
export type RouteParams = Readonly<Record<string, string | undefined>>;
