import { ConsoleLogger } from '@nestjs/common';

// Nest's per-module and per-route start-up lines: useful when debugging, noise in `npm start`'s output.
const BOOT_DETAIL = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Nest's console logger with the start-up detail moved to 'debug' (JSON lines in production via `json`). */
export class AppLogger extends ConsoleLogger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && BOOT_DETAIL.has(context)) {
      this.debug(message, context);
      return;
    }
    super.log(message, ...optionalParams);
  }
}
