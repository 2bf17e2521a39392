import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base.ts';

// Two builds: `./fetch` imports the main entry by the package's own name, so its declarations
// (which bring openapi-fetch's types) never share a chunk with the main entry's.
export default defineConfig([
  packageBuild(['src/index.ts']),
  { ...packageBuild(['src/fetch.ts']), clean: false, external: ['@voucherkit/client'] },
]);
