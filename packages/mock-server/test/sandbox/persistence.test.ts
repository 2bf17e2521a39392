import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  DATA_FILE,
  DataFolderError,
  keepSaved,
  readDataFolder,
  restoreSaved,
  type SavedSandbox,
} from '../../src/sandbox/persistence.js';
import { type FullMockService, createMockService, fullService } from '../../src/service.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const newFolder = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'voucherkit-data-'));
  folders.push(folder);
  return folder;
};

const VERSION = '1.2.3';
const SEED = 'persistence-test';

/** A service as the sandbox makes one: a seed, and the keys of a saved state when there is one. */
const newService = (saved?: SavedSandbox): FullMockService =>
  fullService(
    createMockService({
      seed: saved?.seed ?? SEED,
      clock: { frozenAt: '2026-03-01T10:00:00Z' },
      ...(saved ? { management: saved.management } : {}),
      projects: [{ name: 'Demo project', keys: saved?.state.projects[0]?.keys ?? {} }],
    }),
  );

const keep = (service: FullMockService, folder: string, errors: Error[] = []) =>
  keepSaved(service, { folder, seed: SEED, mockVersion: VERSION, intervalMs: 60_000, onError: (e) => errors.push(e) });

const savedText = (folder: string): string => readFileSync(join(folder, DATA_FILE), 'utf8');

describe("the sandbox's data folder", () => {
  test('a restart finds the state, the keys and the ids to come as they were', async () => {
    const folder = newFolder();
    const before = newService();
    const { categories, vouchers } = before.projects.primary.state;
    categories.create({ name: 'Seasonal', hierarchy: 1 });
    vouchers.create({ type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } });
    const kept = keep(before, folder);
    await kept.stop();

    const saved = readDataFolder(folder, VERSION);
    expect(saved?.seed).toBe(SEED);
    const after = newService(saved);
    restoreSaved(after, saved as SavedSandbox, folder);
    expect(after.projects.primary.id).toBe(before.projects.primary.id);
    expect(after.projects.primary.keys).toEqual(before.projects.primary.keys);
    expect(after.management).toEqual(before.management);
    expect(JSON.stringify(after.image())).toBe(JSON.stringify(before.image()));

    // What is made after the restart is what the first run would have made next, and new.
    const next = [before, after].map((service) => ({
      category: service.projects.primary.state.categories.create({ name: 'Winter', hierarchy: 2 }).id,
      code: service.projects.primary.state.vouchers.create({
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 5 },
      }).code,
    }));
    expect(next[1]).toEqual(next[0]);
    const earlier = after.projects.primary.state.vouchers.list({}).items.map((voucher) => voucher.code);
    expect(earlier.filter((code) => code === next[1]?.code)).toHaveLength(1);
  });

  test('writes only when the state changed since the last save', async () => {
    const folder = newFolder();
    const service = newService();
    const kept = keep(service, folder);
    await kept.save();
    const first = savedText(folder);
    // Reading changes nothing: no write.
    service.projects.primary.state.categories.list();
    await kept.save();
    expect(savedText(folder)).toBe(first);
    service.projects.primary.state.categories.create({ name: 'Seasonal', hierarchy: 1 });
    await kept.save();
    const second = savedText(folder);
    expect(second).not.toBe(first);
    // Moving the clock changes no container, but the state's time: it is saved too.
    service.clock.advance(60_000);
    await kept.stop();
    expect(savedText(folder)).not.toBe(second);
  });

  test('a write that fails leaves the previous file whole; the next save writes the state again', async () => {
    const folder = newFolder();
    const service = newService();
    const errors: Error[] = [];
    const kept = keep(service, folder, errors);
    await kept.save();
    const first = savedText(folder);
    // The file beside it, which the write renames over the data file, cannot be made.
    mkdirSync(join(folder, `${DATA_FILE}.tmp`));
    service.projects.primary.state.categories.create({ name: 'Seasonal', hierarchy: 1 });
    await kept.save();
    expect(errors).toHaveLength(1);
    expect(savedText(folder)).toBe(first);
    expect(readDataFolder(folder, VERSION)).toBeDefined();
    rmSync(join(folder, `${DATA_FILE}.tmp`), { recursive: true });
    await kept.save();
    expect(savedText(folder)).toContain('Seasonal');
  });

  test('an empty folder, or one that does not exist yet, holds no state', () => {
    const folder = join(newFolder(), 'nested', 'data');
    expect(readDataFolder(folder, VERSION)).toBeUndefined();
    expect(statSync(folder).isDirectory()).toBe(true);
  });

  describe('refuses a file it cannot load, naming it and what to do', () => {
    const savedFolder = async (): Promise<string> => {
      const folder = newFolder();
      await keep(newService(), folder).stop();
      return folder;
    };
    const edit = (folder: string, change: (json: Record<string, unknown>) => void): void => {
      const json = JSON.parse(savedText(folder)) as Record<string, unknown>;
      change(json);
      writeFileSync(join(folder, DATA_FILE), JSON.stringify(json));
    };
    const refusal = (folder: string): RegExp =>
      new RegExp(
        `${join(folder, DATA_FILE).replaceAll('.', '\\.')} .*Start with another folder \\(--data <folder>\\), or delete .*${DATA_FILE.replace('.', '\\.')} to start afresh`,
      );

    test('saved by another version of the mock', async () => {
      const folder = await savedFolder();
      expect(() => readDataFolder(folder, '9.9.9')).toThrow(DataFolderError);
      expect(() => readDataFolder(folder, '9.9.9')).toThrow(
        /was saved by @voucherkit\/mock-server 1\.2\.3 .*this is 9\.9\.9/,
      );
      expect(() => readDataFolder(folder, '9.9.9')).toThrow(refusal(folder));
    });

    test('in another layout of the data file', async () => {
      const folder = await savedFolder();
      edit(folder, (json) => {
        json['formatVersion'] = 2;
      });
      expect(() => readDataFolder(folder, VERSION)).toThrow(refusal(folder));
    });

    test('that is not JSON, or not a saved state', async () => {
      const folder = newFolder();
      writeFileSync(join(folder, DATA_FILE), '{"format":"voucherkit-sandbox-st');
      expect(() => readDataFolder(folder, VERSION)).toThrow(/is not JSON/);
      writeFileSync(join(folder, DATA_FILE), '{"format":"voucherkit-snapshot"}');
      expect(() => readDataFolder(folder, VERSION)).toThrow(/is not the state of a Voucherkit sandbox/);
      expect(() => readDataFolder(folder, VERSION)).toThrow(refusal(folder));
    });

    test('whose state the mock refuses (another API build)', async () => {
      const folder = await savedFolder();
      edit(folder, (json) => {
        (json['state'] as Record<string, unknown>)['apiVersion'] = 'v19990101';
      });
      const saved = readDataFolder(folder, VERSION) as SavedSandbox;
      expect(() => restoreSaved(newService(saved), saved, folder)).toThrow(DataFolderError);
      expect(() => restoreSaved(newService(saved), saved, folder)).toThrow(/API build v19990101/);
      expect(() => restoreSaved(newService(saved), saved, folder)).toThrow(refusal(folder));
    });
  });
});

describe("a watch of the service's state", () => {
  test('hears of writes, restores, resets and a moved clock, not of reads', () => {
    const service = newService();
    const changed = service.watch();
    expect(changed()).toBe(false);
    service.projects.primary.state.categories.list();
    expect(changed()).toBe(false);
    const { id } = service.projects.primary.state.categories.create({ name: 'Seasonal', hierarchy: 1 });
    expect(changed()).toBe(true);
    expect(changed()).toBe(false);
    const snapshot = service.snapshot();
    expect(changed()).toBe(false);
    service.projects.primary.state.categories.delete(id);
    expect(changed()).toBe(true);
    service.restore(snapshot);
    expect(changed()).toBe(true);
    service.clock.advance(1000);
    expect(changed()).toBe(true);
    service.reset();
    expect(changed()).toBe(true);
    expect(changed()).toBe(false);
  });
});
