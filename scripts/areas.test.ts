import { describe, expect, it } from 'vitest';
import { areaViolations, importsOf, layerOf, storeLayers, storesReadBy } from './lib/areas.ts';

const check = (files: Record<string, string>): string[] => areaViolations(new Map(Object.entries(files)));

describe('the direction of the mock areas', () => {
  it('places each file in its layer', () => {
    expect(layerOf('areas/campaigns/vouchers/store.ts')).toBe('campaigns');
    expect(layerOf('areas/state.ts')).toBe('root');
    expect(layerOf('http/handler.ts')).toBe('base');
    expect(layerOf('service.ts')).toBe('app');
    expect(() => layerOf('areas/loyalty/store.ts')).toThrow(/no known area/);
  });

  it('reads static, type-only, re-exported and dynamic imports, resolved to .ts paths', () => {
    const text = [
      "import { a } from '../x.js';",
      "import type { B } from './y.js';",
      "import { type C } from './z.js';",
      "export { d } from '../../w.js';",
      "const e = await import('./v.js');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf('areas/rules/validation-rules/store.ts', text)).toEqual([
      { from: 'areas/rules/validation-rules/store.ts', to: 'areas/rules/x.ts', typeOnly: false },
      { from: 'areas/rules/validation-rules/store.ts', to: 'areas/rules/validation-rules/y.ts', typeOnly: true },
      { from: 'areas/rules/validation-rules/store.ts', to: 'areas/rules/validation-rules/z.ts', typeOnly: true },
      { from: 'areas/rules/validation-rules/store.ts', to: 'areas/w.ts', typeOnly: false },
      { from: 'areas/rules/validation-rules/store.ts', to: 'areas/rules/validation-rules/v.ts', typeOnly: false },
    ]);
  });

  it('lets an area import from below and from itself', () => {
    expect(
      check({
        'areas/rules/validation-rules/targets.ts':
          "import type { Campaign } from '../../campaigns/vouchers/types.js';\nimport { x } from './store.js';",
        'areas/campaigns/vouchers/store.ts':
          "import { ApiError } from '../../../http/api-error.js';\nimport { bin } from '../../platform/bin/store.js';",
        'areas/state.ts': "import { RedemptionStore } from './engine/redemptions/store.js';",
        'http/handler.ts': "import type { ProjectState } from '../areas/state.js';",
      }),
    ).toEqual([]);
  });

  it('refuses a planted upward import, a type-only one too, and the base reaching the areas at run time', () => {
    expect(
      check({
        'areas/campaigns/vouchers/store.ts':
          "import { ValidationRuleStore } from '../../rules/validation-rules/store.js';",
        'areas/catalog/products/store.ts': "import type { Customer } from '../../customers/customers/profile.js';",
        'core/projects.ts': "import { createProjectState } from '../areas/state.js';",
      }),
    ).toEqual([
      'areas/campaigns/vouchers/store.ts (campaigns) imports areas/rules/validation-rules/store.ts (rules), which is above it',
      'areas/catalog/products/store.ts (catalog) imports areas/customers/customers/profile.ts (customers), which is above it',
      'core/projects.ts (base) imports areas/state.ts (root), which is above it',
    ]);
  });

  it('reads which area each store of the project state belongs to', () => {
    const state = [
      "import { CategoryStore } from './catalog/categories/store.js';",
      "import { StackingRulesStore } from './rules/stacking-rules/store.js';",
      'export interface ProjectState { readonly categories: CategoryStore; readonly stackingRules: StackingRulesStore }',
    ].join('\n');
    expect(storeLayers(state)).toEqual(
      new Map([
        ['categories', 'catalog'],
        ['stackingRules', 'rules'],
      ]),
    );
    expect(
      storesReadBy(
        'x.ts',
        'const a = project.state.categories; const { stackingRules: rules, bin } = project.state; this.state().vouchers;',
      ),
    ).toEqual(['categories', 'stackingRules', 'bin', 'vouchers']);
  });

  it('refuses a handler that reads a store of a higher area through the project state', () => {
    const state =
      "import { StackingRulesStore } from './rules/stacking-rules/store.js';\nexport interface ProjectState { readonly stackingRules: StackingRulesStore }";
    const handler =
      "export const h = { deleteCategory: ({ project }) => project.state.stackingRules.releaseCategory('cat_1', false) };";
    expect(check({ 'areas/state.ts': state, 'areas/catalog/categories/handlers.ts': handler })).toEqual([
      'areas/catalog/categories/handlers.ts (catalog) reads state.stackingRules (rules), which is above it',
    ]);
    expect(check({ 'areas/state.ts': state, 'areas/engine/redemptions/handlers.ts': handler })).toEqual([]);
  });
});
