import { describe, expect, it } from 'vitest';
import { stateFieldFindings } from './lib/state-fields.ts';

const findings = (text: string): string[] => stateFieldFindings('store.ts', text).map((finding) => finding.text);

describe('stateFieldFindings', () => {
  it('finds containers made in fields and fields that can be reassigned', () => {
    const text = [
      'export class Store {',
      '  readonly #items = new Map<string, Item>();',
      '  readonly #seen = new Set<string>();',
      '  readonly #order: string[] = [];',
      '  #count = 0;',
      '  private cursor: string | undefined;',
      '  readonly #tracked: TrackedMap<string, Item>;',
      '  constructor(private readonly context: ServiceContext) {',
      '    const local = new Map();',
      '  }',
      '  get size(): number {',
      '    return this.#count;',
      '  }',
      '  list(): Item[] {',
      '    return [...this.#items.values()];',
      '  }',
      '}',
    ].join('\n');
    expect(findings(text)).toEqual([
      'readonly #items = new Map<string, Item>();',
      'readonly #seen = new Set<string>();',
      'readonly #order: string[] = [];',
      '#count = 0;',
      'private cursor: string | undefined;',
    ]);
  });

  it('takes a "not state:" comment on the line or the line before', () => {
    const text = [
      'class Store {',
      '  // not state: listeners wired once when the project is built',
      '  readonly #listeners = new Set<() => void>();',
      '  readonly #cache = new WeakMap<object, string>(); // not state: keyed by immutable records',
      '  #paused = false; // not state: only true within one synchronous call',
      '}',
    ].join('\n');
    expect(findings(text)).toEqual([]);
  });

  it('looks at class bodies only, not at functions or object literals', () => {
    const text = [
      'const make = () => {',
      '  let count = 0;',
      '  return { items: [] };',
      '};',
      'const table = {',
      '  rows: [],',
      '};',
    ].join('\n');
    expect(findings(text)).toEqual([]);
  });
});
