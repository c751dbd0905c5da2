/**
 * Waits until `condition` holds, looking every 20 ms; after timeoutMs it fails, saying what it
 * waited for (`what` may describe the state seen then). Answers true, so that
 * `expect(await until(…)).toBe(true)` reads as the check it is.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  what: string | (() => string) = 'the condition',
): Promise<true> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
