/** Where the API lives on the site's origin. */
export const API_PREFIX = '/api/v1';
