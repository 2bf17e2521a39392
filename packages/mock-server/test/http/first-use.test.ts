import { describe, expect, it, vi } from 'vitest';
import { builtOnRead, loadedOnce, once } from '../../src/http/first-use.js';
import { loadOperations, operationInput, operationInputs, operationResponses } from '../../src/http/load-operations.js';

describe('loadedOnce', () => {
  it('loads on the first need only, and gives the value to synchronous code once it has resolved', async () => {
    const load = vi.fn(async () => ({ loaded: true }));
    const value = loadedOnce(load);
    expect(load).not.toHaveBeenCalled();
    expect(value.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([value.load(), value.load()]);
    expect(first).toBe(second);
    expect(value.loaded()).toBe(first);
    expect(await value.load()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('once', () => {
  it('builds on the first call and returns the same value after', () => {
    const build = vi.fn(() => ({ built: true }));
    const value = once(build);
    expect(build).not.toHaveBeenCalled();
    expect(value()).toBe(value());
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps a null value without building again', () => {
    const build = vi.fn(() => null);
    const value = once(build);
    value();
    value();
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('builtOnRead', () => {
  it('builds each value on its first read only, and lists every key', () => {
    const a = vi.fn(() => ({ name: 'a' }));
    const b = vi.fn(() => ({ name: 'b' }));
    const record = builtOnRead({ a, b });
    expect(Object.keys(record)).toEqual(['a', 'b']);
    expect(a).not.toHaveBeenCalled();
    expect(record.a).toBe(record.a);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    expect(Object.values(record).map(({ name }) => name)).toEqual(['a', 'b']);
  });
});

describe('the operation table', () => {
  it("loads an operation's request schemas with its tag's, and no other tag's", async () => {
    // A fresh copy of the loader: the files of a worker share their modules, and another may have loaded schemas.
    vi.resetModules();
    const { operationInput: fresh } = await import('../../src/http/load-operations.js');
    expect(fresh.loaded('createCategory')).toBeUndefined();
    const input = await fresh.load('createCategory');
    expect(fresh.loaded('createCategory')).toBe(input);
    expect(fresh.loaded('listCategories')?.path).toBe('/v1/categories');
    expect(fresh.loaded('createVoucher')).toBeUndefined();
    expect(input.body?.schema.safeParse({ name: 'Summer', hierarchy: 1 }).success).toBe(true);
    expect(await operationInput.load('createVoucher')).toBe(operationInput.loaded('createVoucher'));
  });

  it('gives the public table the request schemas and the responses of each operation', async () => {
    const { operations } = await loadOperations();
    const inputs = await operationInputs.load();
    const { operationResponses: responses } = await operationResponses.load();
    expect(operations.createCategory.body?.schema).toBe(inputs.createCategory.body?.schema);
    expect(operations.createCategory.responses).toBe(responses.createCategory);
    expect(operations.createCategory.responses['200']?.safeParse({}).success).toBe(false);
  });

  it('is one table however often it is loaded', async () => {
    const [first, second] = await Promise.all([loadOperations(), loadOperations()]);
    expect(second).toBe(first);
    expect((await loadOperations()).operations.getCategory).toBe(first.operations.getCategory);
  });
});
