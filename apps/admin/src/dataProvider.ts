import simpleRestProvider from 'ra-data-simple-rest';

/** Same origin as the page: the front door forwards /api/** to the API with the session cookie. */
export const ADMIN_API_BASE = '/api/admin';

// The thin client that unwraps the API's `{ success, data }` envelope comes with the first admin resource.
export const dataProvider = simpleRestProvider(ADMIN_API_BASE);
