import { DomainError } from '../domain-error.js';

/**
 * Parses the `scope` field of an OAuth token request: values separated by any run of
 * whitespace, duplicates collapsed, first-seen order kept.
 *
 * @param input - The raw `scope` field, for example `'api vouchers'`.
 * @param allowed - The scope values the service knows (the list under the token endpoint).
 * @returns The distinct requested scopes, in request order.
 * @throws DomainError `invalid_scope` when the field is empty or blank, when it contains a comma
 *   (scopes are space-delimited), or when a value is not in `allowed` (the message names it).
 * @example
 * ```ts
 * parseScopes('api  vouchers api', ['api', 'vouchers']); // ['api', 'vouchers']
 * parseScopes('api,vouchers', ['api', 'vouchers']);      // throws invalid_scope
 * ```
 */
export function parseScopes(input: string, allowed: readonly string[]): string[] {
  if (input.includes(',')) {
    throw new DomainError('invalid_scope', 'scopes must be space-delimited, not comma-separated', {
      details: `Invalid scope: ${input.trim()}`,
    });
  }
  const requested = input.split(/\s+/u).filter((value) => value !== '');
  if (requested.length === 0) {
    throw new DomainError('invalid_scope', 'scope is required', { details: 'Invalid scope: (empty)' });
  }
  const known = new Set(allowed);
  const unknown = [...new Set(requested.filter((value) => !known.has(value)))];
  const [firstUnknown] = unknown;
  if (firstUnknown !== undefined) {
    throw new DomainError('invalid_scope', `unknown scope: ${firstUnknown}`, {
      details: `Invalid scope: ${unknown.join(' ')}`,
    });
  }
  return [...new Set(requested)];
}

/**
 * Tells whether granted scopes satisfy an operation's OAuth requirements. The requirements are
 * OpenAPI security alternatives: each alternative lists scopes that must all be granted, and
 * one satisfied alternative is enough. There is no implicit hierarchy: `api` does not imply
 * `client_api` nor any area scope such as `vouchers`, because the spec lists each accepted scope
 * in every operation's alternatives.
 *
 * @param granted - The token's scopes.
 * @param requirements - The alternatives, for example `[['api'], ['categories']]`.
 * @returns `true` when at least one alternative is fully granted; `false` when none is (and so
 *   for an empty list of alternatives).
 */
export function scopesSatisfy(granted: readonly string[], requirements: readonly (readonly string[])[]): boolean {
  const grantedSet = new Set(granted);
  return requirements.some((alternative) => alternative.every((scope) => grantedSet.has(scope)));
}
