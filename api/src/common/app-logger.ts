import { ConsoleLogger } from '@nestjs/common';

// Nest's per-module and per-route start-up lines: useful when debugging, noise in `npm start`'s output.
const BOOT_DETAIL = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

// The readable layout's time, as ConsoleLogger writes it.
const TIME = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  day: '2-digit',
  month: '2-digit',
});

/** Nest's console logger with the start-up detail moved to 'debug' (JSON lines in production via `json`). */
export class AppLogger extends ConsoleLogger {
  private second = -1;
  private stamp = '';

  // The readable layout's time has whole seconds; formatting it once a second, not once a line, keeps a line per
  // request cheap.
  protected override getTimestamp(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.second) {
      this.second = second;
      this.stamp = TIME.format(second * 1000);
    }
    return this.stamp;
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && BOOT_DETAIL.has(context)) {
      this.debug(message, context);
      return;
    }
    super.log(message, ...optionalParams);
  }
}
