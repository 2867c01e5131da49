import { AuthInputError } from '../../../main/auth';

/** Runs `fn`, which must throw an AuthInputError, and returns that error for closer checks. */
export function authError(fn: () => unknown): AuthInputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AuthInputError) return e;
    throw e;
  }
  throw new Error('expected an AuthInputError, but nothing was thrown');
}
