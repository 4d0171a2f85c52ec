export interface RetryOptions {
  retries: number;
  delayMs: number;
  /** Runs before each new attempt (e.g. drop the runtime's cached failure). */
  beforeRetry?: (attempt: number) => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries a flaky async call with exponential back-off; rejects with the last error. */
export async function withRetry<T>(
  task: () => Promise<T>,
  { retries, delayMs, beforeRetry }: RetryOptions,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= retries) throw error;
      await wait(delayMs * 2 ** attempt);
      beforeRetry?.(attempt + 1);
    }
  }
}
