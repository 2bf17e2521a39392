/** Where the control API answers, under the base URL: apart from every path of the service's API. */
export const CONTROL_PREFIX = '/_voucherkit';

/** The path of the event stream under the prefix: only the HTTP sandbox serves it, as a stream. */
export const EVENTS_PATH = '/events';

/**
 * The path of a control API request after the prefix (`''` for the prefix itself, `/snapshots`
 * …), or undefined for a request of the service's API.
 *
 * @param url - The request's URL.
 * @param basePath - The path part of the service's base URL, without its last slash.
 */
export const controlPath = (url: URL, basePath: string): string | undefined => {
  const path = url.pathname.replace(/\/{2,}/g, '/');
  const prefix = `${basePath}${CONTROL_PREFIX}`;
  if (path !== prefix && !path.startsWith(`${prefix}/`)) return undefined;
  return path.slice(prefix.length).replace(/\/$/, '');
};
