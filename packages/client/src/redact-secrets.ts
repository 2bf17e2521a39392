import type { Middleware } from 'openapi-fetch';

/** Shorter values would be replaced inside unrelated words; real keys are far longer. */
const MIN_SECRET_LENGTH = 6;
const REDACTED = '[redacted]';

/**
 * Replaces every occurrence of the given secrets in a text.
 *
 * @param text - Text that may contain secrets.
 * @param secrets - Values to hide; values shorter than 6 characters are left alone.
 * @returns The text with each secret replaced by `[redacted]`.
 */
function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join(REDACTED);
  }
  return result;
}

/**
 * Middleware that removes credentials from the bodies of failed responses, so neither the raw
 * `error` of a call nor an error built from it can leak a key or token that a server echoed.
 *
 * @param secrets - Returns the secrets to hide, asked for each failed response (tokens change).
 * @returns An openapi-fetch middleware.
 */
export function createRedactionMiddleware(secrets: () => readonly string[]): Middleware {
  return {
    async onResponse({ response }) {
      if (response.ok || response.body === null) return undefined;
      const text = await response.clone().text();
      const redacted = redactSecrets(text, secrets());
      if (redacted === text) return undefined;
      const headers = new Headers(response.headers);
      headers.delete('Content-Length');
      return new Response(redacted, { status: response.status, statusText: response.statusText, headers });
    },
  };
}
