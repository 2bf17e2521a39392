import { loadedOnce } from '../../http/first-use.js';
import type * as EngineLogic from './logic.js';

/** The engine's logic: what the redemption store calls to validate, redeem and roll back. */
export type Engine = typeof EngineLogic;

const logic = loadedOnce((): Promise<Engine> => import('./logic.js'));

/**
 * Loads the engine (decision 0083): the first validation, redemption, rollback or qualification
 * of the process loads it, so a test file or a page that never calls one does not. Resolves at
 * once once it is loaded.
 */
export const loadEngine = (): Promise<Engine> => logic.load();

/**
 * The engine, for code that runs it synchronously (the redemption store).
 * @throws Error when nothing has loaded it yet: a caller outside the engine's handlers awaits
 *   {@link loadEngine} first.
 */
export const engine = (): Engine => {
  const loaded = logic.loaded();
  if (loaded === undefined)
    throw new Error(
      'The engine loads with the first request that runs it; await loadEngine() before running it directly',
    );
  return loaded;
};
