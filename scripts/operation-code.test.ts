import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { implementedOperations } from '../packages/mock-server/src/areas/registry.ts';
import { operationCode } from './lib/operation-code.ts';
import { repoPath } from './lib/paths.ts';

const code = operationCode();
const methods = (operationId: string): string[] =>
  code.get(operationId)?.stateMethods.map((method) => method.name) ?? [];

describe('from an operation to its code', () => {
  it('finds the handler file of every operation the registry serves', () => {
    expect([...code.keys()]).toEqual([...implementedOperations]);
    for (const { handlerFile, stateMethods } of code.values()) {
      expect(existsSync(repoPath(handlerFile))).toBe(true);
      for (const method of stateMethods) expect(existsSync(repoPath(method.file))).toBe(true);
    }
    expect(code.get('listCategories')?.handlerFile).toBe(
      'packages/mock-server/src/areas/catalog/categories/handlers.ts',
    );
    expect(code.get('listManagementMetadataSchemas')?.handlerFile).toBe(
      'packages/mock-server/src/areas/catalog/metadata-schemas/management-handlers.ts',
    );
  });

  it('reads the state a handler calls through its context, destructuring and variables', () => {
    expect(methods('listCategories')).toEqual(['categories.list']);
    // `const { categories } = project.state; categories.delete(categories.get(…).id, …)`
    expect(methods('deleteCategory')).toEqual(['categories.delete', 'categories.get']);
    expect(methods('listAllPromotionStacks')).toEqual(['promotions.stacks.list']);
    expect(methods('inviteUser')).toEqual(['organisation.users.invite']);
    expect(methods('deleteProject')).toEqual(['projects.get', 'projects.remove']);
    expect(code.get('listCategories')?.stateMethods[0]?.file).toBe(
      'packages/mock-server/src/areas/catalog/categories/store.ts',
    );
    // A part of a store is declared in its own file: `readonly stacks: PromotionStackStore`.
    expect(code.get('listAllPromotionStacks')?.stateMethods[0]?.file).toBe(
      'packages/mock-server/src/areas/campaigns/promotions/stacks.ts',
    );
  });

  it("follows the state into the areas' helpers the handler calls, by argument and by parameter type", () => {
    // validateVoucher(call, …) reads `project.state` of the context it is given.
    expect(methods('validateVoucher')).toEqual(['redemptions.loyaltyReward', 'redemptions.validate', 'vouchers.find']);
    // validatePromotions(project.state, …) in another file, whose parameter is an interface of stores.
    expect(methods('validatePromotions')).toContain('validationRules.rulesFor');
    // legacyRedemption(redemptions: RedemptionStore, …)
    expect(methods('redeemPromotionTier')).toContain('redemptions.redeemFirst');
  });

  it('finds a state method for every handler, so a handler written in a form the reading misses shows here', () => {
    expect([...code].filter(([, { stateMethods }]) => stateMethods.length === 0).map(([id]) => id)).toEqual([]);
  });
});
