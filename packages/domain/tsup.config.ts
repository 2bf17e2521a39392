import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base.ts';

// Split under require as well as import: both entries then load one copy of each module, so an
// error thrown by the internals is the main entry's class (`instanceof DomainError` holds).
export default defineConfig({ ...packageBuild(['src/index.ts', 'src/internals.ts']), splitting: true });
