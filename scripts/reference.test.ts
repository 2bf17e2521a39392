import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { REFERENCE, repoPath } from './lib/paths.ts';

/** The checksums recorded in spec/reference/README.md, next to the upstream commit. */
const recorded = (): Map<string, string> => {
  const readme = readFileSync(repoPath('spec/reference/README.md'), 'utf8');
  const rows = [...readme.matchAll(/^\| `([^`]+\.json)` \|.*\| `([0-9a-f]{64})` \|$/gm)];
  return new Map(rows.map(([, file, sha]) => [`spec/reference/${file ?? ''}`, sha ?? '']));
};

describe('the vendored reference', () => {
  test.each(Object.values(REFERENCE))('%s is the reviewed upstream file', (file) => {
    const sha256 = createHash('sha256')
      .update(readFileSync(repoPath(file)))
      .digest('hex');
    expect(recorded().get(file)).toBe(sha256);
  });
});
