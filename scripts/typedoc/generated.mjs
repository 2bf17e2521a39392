// Which code the site's types come from: the modules that scripts/generate writes from the spec.

/** Modules that scripts/generate writes from the spec: `packages/<name>/src/generated/*.ts`. */
export const GENERATED = /(?:^|[\\/])src[\\/]generated[\\/][^\\/]+\.ts$/;

/**
 * Whether a reflection comes from a generated module, by the file its symbol is declared in (a
 * path relative to its package, which the merge of the packages' projects keeps).
 *
 * @param {import('typedoc').ProjectReflection} project
 * @param {import('typedoc').Reflection} reflection
 */
export const isGenerated = (project, reflection) =>
  GENERATED.test(project.getSymbolIdFromReflection(reflection)?.packagePath ?? '');
