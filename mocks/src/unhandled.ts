/**
 * What the kit's own helpers do with a request no handler takes: let it through. Every path under the API's
 * base already has a handler (a route, or the catch-all answering 404/405 as the server does), so only the
 * app's other requests are unhandled, and they are the app's business. msw 2 reads `onUnhandledRequest`,
 * msw 3 `onUnhandledFrame`; each ignores the other's key, and the caller's options override both.
 */
export const LET_OTHERS_THROUGH = { onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as const;
