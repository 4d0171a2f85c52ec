import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';

/** Makes the graceful shutdown visible: in-flight requests finish and the database closes before exit. */
@Injectable()
export class ShutdownLogger implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Shutdown');

  beforeApplicationShutdown(signal?: string): void {
    if (signal) this.logger.log(`${signal} received: finishing in-flight requests, then closing the database`);
  }

  onApplicationShutdown(signal?: string): void {
    if (signal) this.logger.log('Stopped cleanly');
  }
}
