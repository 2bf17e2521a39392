import { DomainError } from '../src/domain-error.js';

/** Runs `run` and returns the DomainError it throws; fails the test when it throws nothing or something else. */
export function catchDomainError(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, but nothing was thrown');
}
