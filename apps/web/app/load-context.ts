// What the front door hands every loader and action (see getLoadContext in server/src/front-door.ts).
declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The request's x-request-id, to forward on server-side API calls. */
    requestId: string;
    /** Internal address of the API (API_URL), for loaders and actions. */
    apiUrl: string;
    /** The nonce the response's Content-Security-Policy allows for inline scripts (Remix's hydration data). */
    cspNonce?: string;
    /**
     * The address of the client connected to the web server (the socket's, not a header's): the lead forms'
     * action appends it to X-Forwarded-For so the API's rate limit and consent record see the visitor.
     */
    remoteAddress?: string;
  }
}

export {};
