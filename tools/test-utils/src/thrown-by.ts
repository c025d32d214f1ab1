/**
 * What `run` throws, to compare whole (code, message, path, hint) with `toMatchObject`; throws
 * "expected a throw" when `run` returns, so a missing error fails the test.
 */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/**
 * What `promise` rejects with, to compare whole with `toMatchObject`; throws "expected a
 * rejection" when it resolves, so a missing error fails the test.
 */
export async function rejectedBy(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}
