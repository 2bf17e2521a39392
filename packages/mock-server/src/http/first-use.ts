/**
 * Values built on first use. The mock's zod schemas are most of its code: building them all when
 * the operation table loads cost a test file about 150 ms and 40 MiB before its first answer, so
 * each schema, each operation's entry and each response's schema is built when a request first
 * needs it (decision 0074).
 */

/** A function that calls `build` on its first call and returns that value ever after. */
export const once = <T extends object | null>(build: () => T): (() => T) => {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
};

/**
 * A value that an asynchronous `load` (a module's `import()`) makes on first need: `load()` starts
 * it once and resolves to it ever after, and `loaded()` gives it once it has resolved, to code that
 * runs synchronously.
 */
export const loadedOnce = <T>(
  load: () => Promise<T>,
): { readonly load: () => Promise<T>; readonly loaded: () => T | undefined } => {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load: () => (pending ??= load().then((made) => (value = made))),
    loaded: () => value,
  };
};

/**
 * A record whose values are built on first read, each by its own builder; a read after the first
 * finds a plain property. Keys are enumerable, so iterating the record builds every value.
 */
export const builtOnRead = <K extends string, V>(builders: Readonly<Record<K, () => V>>): Readonly<Record<K, V>> => {
  const record = {} as Record<K, V>;
  for (const key of Object.keys(builders) as K[]) {
    Object.defineProperty(record, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        const value = builders[key]();
        Object.defineProperty(record, key, { value, enumerable: true });
        return value;
      },
    });
  }
  return record;
};

/**
 * How the mock parses with its schemas. zod compiles an object schema into a function with
 * `new Function` on its first parse: a test file's first requests paid about 8 % more CPU for it,
 * and the mock's benchmarks measured no gain after (decision 0074).
 */
export const PARSE = { jitless: true } as const;

/** {@link PARSE}, with each issue's input, which the error messages read. */
export const PARSE_REPORTING = { jitless: true, reportInput: true } as const;
