import type { Project } from '../core/projects.js';
import { importSummary } from '../resources/async-actions/job.js';
import type { ProjectState } from '../resources/state.js';

/**
 * Fills a project with a small, realistic data set so the sandbox is useful on first start:
 * categories with a stacking-rules entry, a metadata schema and a finished bulk job.
 */
export const seedDemoData = (project: Project<ProjectState>): void => {
  const { categories, stackingRules, metadataSchemas, asyncActions } = project.state;
  const seasonal = categories.create({ name: 'Seasonal', hierarchy: 1 });
  const loyalty = categories.create({ name: 'Loyalty', hierarchy: 2 });
  categories.create({ name: 'Clearance', hierarchy: 3 });
  stackingRules.create(
    { exclusive_categories: [seasonal.id], joint_categories: [loyalty.id], applicable_redeemables_limit: 3 },
    (id) => categories.has(id),
  );
  metadataSchemas.create('customer', {
    properties: {
      favourite_store: { type: 'string', optional: true },
      vip: { type: 'boolean', optional: true },
    },
  });
  asyncActions.start('CUSTOMERS.IMPORT_CSV', {
    items: ['ana@example.com', 'ben@example.com', 'cho@example.com'],
    process: () => undefined,
    summarize: importSummary('customer'),
  });
};
