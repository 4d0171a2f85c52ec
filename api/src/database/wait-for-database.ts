import { Logger } from '@nestjs/common';
import mongoose from 'mongoose';
import type { AppConfig } from '../config/config';

const logger = new Logger('Database');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a URI points, without its credentials, for log lines. */
export const redactUri = (uri: string) => uri.replace(/\/\/[^@/]*@/, '//***@');

/**
 * Waits at boot until the database answers: the delay between tries doubles from 250 ms up to
 * DB_BOOT_MAX_DELAY_MS, and the wait gives up after DB_BOOT_TIMEOUT_SECONDS (so an orchestrator restarts the
 * replica instead of it hanging). A database that is merely late, e.g. started at the same time, is no error.
 */
export async function waitForDatabase(config: AppConfig): Promise<void> {
  const { dbBootTimeoutSeconds, dbBootMaxDelayMs, dbServerSelectionTimeoutMs } = config.scaling;
  const giveUpAt = Date.now() + dbBootTimeoutSeconds * 1000;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    const probe = mongoose.createConnection(config.mongodbUri, {
      serverSelectionTimeoutMS: Math.max(dbServerSelectionTimeoutMs, 2000),
      autoCreate: false,
      autoIndex: false,
    });
    try {
      await probe.asPromise();
      await probe.db!.admin().ping();
      if (attempt > 1) logger.log(`Database reachable after ${attempt} tries`);
      return;
    } catch (err) {
      const left = giveUpAt - Date.now();
      if (left <= 0) {
        throw new Error(
          `The database at ${redactUri(config.mongodbUri)} did not answer within ${dbBootTimeoutSeconds} s (DB_BOOT_TIMEOUT_SECONDS): ${(err as Error).message}`,
        );
      }
      logger.warn(`Database not reachable yet (try ${attempt}: ${(err as Error).message}); retrying in ${delay} ms`);
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, dbBootMaxDelayMs);
    } finally {
      await probe.close().catch(() => undefined);
    }
  }
}
