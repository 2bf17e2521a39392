import { mkdirSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ManagementKeys } from '../http/authenticate.js';
import type { FullMockService } from '../service.js';
import type { SnapshotImage } from '../snapshots.js';

/** The file of a data folder that holds the sandbox's state. */
export const DATA_FILE = 'state.json';

/** What a data file says it is, in its `format`. */
const DATA_FORMAT = 'voucherkit-sandbox-state';

/** The layout of the data file this version writes; another layout is refused. */
const DATA_FORMAT_VERSION = 1;

/**
 * What a sandbox saves: the state, and what it was started with that a restart needs to make
 * the same ids, codes and keys (its seed and management keys; the projects' keys are in the
 * state).
 */
export interface SavedSandbox {
  /** The seed it was started with. */
  readonly seed: string;
  /** Its management keys. */
  readonly management: ManagementKeys;
  /** The whole state, as a snapshot's JSON. */
  readonly state: SnapshotImage;
}

/** The data file's JSON. */
interface DataFile extends SavedSandbox {
  readonly format: typeof DATA_FORMAT;
  readonly formatVersion: number;
  /** The version of `@voucherkit/mock-server` that wrote it. */
  readonly mockVersion: string;
  /** When it was written, by the computer's clock (ISO 8601). */
  readonly savedAt: string;
}

/** A data folder the sandbox cannot use: the message names the file and what to do. */
export class DataFolderError extends Error {
  override readonly name = 'DataFolderError';
}

/** The refusal of a data file this sandbox cannot load, with the two ways out. */
const refusal = (file: string, why: string): DataFolderError =>
  new DataFolderError(
    `${file} ${why}, so this sandbox cannot load it. Start with another folder (--data <folder>), or delete ${file} to start afresh.`,
  );

/**
 * Reads the state saved in a data folder, making the folder when there is none.
 *
 * @param folder - The data folder.
 * @param mockVersion - The version of `@voucherkit/mock-server` that runs.
 * @returns The saved state, or `undefined` when the folder holds none yet.
 * @throws DataFolderError when the file is not a saved state, or was written by another version.
 */
export const readDataFolder = (folder: string, mockVersion: string): SavedSandbox | undefined => {
  const file = resolve(folder, DATA_FILE);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new DataFolderError(`The data folder ${resolve(folder)} cannot be made: ${(error as Error).message}`);
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DataFolderError(`${file} cannot be read: ${(error as Error).message}`);
  }
  let data: Partial<DataFile>;
  try {
    data = JSON.parse(text) as Partial<DataFile>;
  } catch {
    throw refusal(file, 'is not JSON');
  }
  if (typeof data !== 'object' || data === null || data.format !== DATA_FORMAT)
    throw refusal(file, 'is not the state of a Voucherkit sandbox');
  if (data.formatVersion !== DATA_FORMAT_VERSION || data.mockVersion !== mockVersion)
    throw refusal(
      file,
      `was saved by @voucherkit/mock-server ${String(data.mockVersion)} (data format ${String(data.formatVersion)}), and this is ${mockVersion} (data format ${DATA_FORMAT_VERSION})`,
    );
  if (typeof data.seed !== 'string' || typeof data.management !== 'object' || typeof data.state !== 'object')
    throw refusal(file, 'lacks the seed, the management keys or the state');
  return { seed: data.seed, management: data.management, state: data.state };
};

/**
 * Loads a saved state into a service made with its seed and keys.
 *
 * @throws DataFolderError when the service refuses the state (another API build, another layout of the state).
 */
export const restoreSaved = (service: FullMockService, saved: SavedSandbox, folder: string): void => {
  try {
    service.restore(saved.state);
  } catch (error) {
    throw refusal(
      resolve(folder, DATA_FILE),
      `holds a state this version of the mock does not take (${(error as Error).message})`,
    );
  }
};

/**
 * Writes the data file atomically: into a file beside it, flushed to the disk, then renamed over
 * it. A process killed at any moment leaves the previous file or the new one, whole.
 */
const writeDataFile = async (folder: string, saved: SavedSandbox, mockVersion: string): Promise<void> => {
  const data: DataFile = {
    format: DATA_FORMAT,
    formatVersion: DATA_FORMAT_VERSION,
    mockVersion,
    savedAt: new Date().toISOString(),
    ...saved,
  };
  const file = join(folder, DATA_FILE);
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(JSON.stringify(data));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  // The rename itself reaches the disk with the folder's own flush (not possible on Windows).
  const directory = await open(folder, 'r').catch(() => undefined);
  if (directory === undefined) return;
  await directory.sync().catch(() => undefined);
  await directory.close();
};

/** Options of {@link keepSaved}. */
export interface KeepSavedOptions {
  /** The data folder. */
  readonly folder: string;
  /** What the state is saved with besides itself. */
  readonly seed: string;
  /** The version of `@voucherkit/mock-server` that runs. */
  readonly mockVersion: string;
  /** How often the state is checked, and saved when it changed. */
  readonly intervalMs: number;
  /** Told of a save that failed (the next one tries again). */
  readonly onError: (error: Error) => void;
}

/** A data folder kept up to date with a running service. */
export interface KeptState {
  /** Saves now if the state changed since the last save; resolves once it is written. */
  save(): Promise<void>;
  /** Stops the timer and saves a last time if the state changed. */
  stop(): Promise<void>;
}

/**
 * Keeps a service's state saved in a data folder: at every interval, when it changed since the
 * last save (see `FullMockService.watch`), and once more when stopped. The first save writes the
 * state as it is, so that a folder always holds one once the sandbox has started.
 */
export const keepSaved = (service: FullMockService, options: KeepSavedOptions): KeptState => {
  const changed = service.watch();
  // Whether the state changed since it was last written (true until the first write, and again after a failed one).
  let unsaved = true;
  let writing: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    // One write at a time: a save waits for the one under way, then looks again.
    writing = writing.then(async () => {
      if (changed()) unsaved = true;
      if (!unsaved) return;
      unsaved = false;
      const saved: SavedSandbox = { seed: options.seed, management: service.management, state: service.image() };
      await writeDataFile(options.folder, saved, options.mockVersion).catch((error: unknown) => {
        unsaved = true;
        options.onError(error as Error);
      });
    });
    return writing;
  };
  const timer = setInterval(() => void save(), options.intervalMs);
  timer.unref();
  return {
    save,
    stop() {
      clearInterval(timer);
      return save();
    },
  };
};
