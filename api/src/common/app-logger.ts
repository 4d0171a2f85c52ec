import { ConsoleLogger, type LogLevel } from '@nestjs/common';

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

/**
 * Lines for stdout written within one turn of the event loop go out in one write at its end (a write to a file or a
 * pipe is a system call of its own on Linux): under load, a line per request would otherwise cost one each. Any
 * other output of the logger (stderr, stack traces) writes what is pending first, so lines keep their order; the
 * process's exit writes the rest.
 */
let pending = '';
let flushing: NodeJS.Immediate | null = null;
const FLUSH_AT = 64 * 1024;

function flushPending(): void {
  if (flushing) clearImmediate(flushing);
  flushing = null;
  process.off('exit', flushPending);
  if (!pending) return;
  const out = pending;
  pending = '';
  process.stdout.write(out);
}

function queue(line: string): void {
  if (!pending) process.once('exit', flushPending);
  pending += line;
  if (pending.length >= FLUSH_AT) flushPending();
  else flushing ??= setImmediate(flushPending);
}

// Longer messages take Nest's own path (its JSON layout truncates past a million characters).
const SIMPLE_MESSAGE_LENGTH = 64 * 1024;

/** The parts of a readable line that depend only on its level and context (the pid, the colours, the labels). */
interface LineParts {
  head: string;
  middle: string;
  open: string;
  close: string;
}

/**
 * Nest's console logger with the start-up detail moved to 'debug' (JSON lines in production via `json`). A line of
 * one string message (every request's, among others) is laid out exactly as ConsoleLogger lays it out, from parts
 * made once per level and context, and written with the others of its turn.
 */
export class AppLogger extends ConsoleLogger {
  private second = -1;
  private stamp = '';
  private readonly parts = new Map<string, LineParts>();

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

  protected override printMessages(
    messages: unknown[],
    context = '',
    logLevel: LogLevel = 'log',
    writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
    params?: Record<string, unknown>,
  ): void {
    const message = messages[0];
    if (
      messages.length === 1 &&
      typeof message === 'string' &&
      message.length < SIMPLE_MESSAGE_LENGTH &&
      writeStreamType !== 'stderr' &&
      errorStack === undefined &&
      params === undefined &&
      this.plainOutput()
    ) {
      queue(
        this.options.json ? this.jsonLine(message, context, logLevel) : this.readableLine(message, context, logLevel),
      );
      return;
    }
    flushPending();
    super.printMessages(messages, context, logLevel, writeStreamType, errorStack, params);
  }

  protected override printStackTrace(stack: string): void {
    flushPending();
    super.printStackTrace(stack);
  }

  /** Output ConsoleLogger would write as it is: no redaction, no console, JSON only in its compact form. */
  private plainOutput(): boolean {
    const { redact, forceConsole, json, colors } = this.options;
    return !redact && !forceConsole && (!json || (!colors && this.inspectOptions.compact === true));
  }

  private readableLine(message: string, context: string, level: LogLevel): string {
    const key = `${level} ${context}`;
    let parts = this.parts.get(key);
    if (!parts) {
      const marked = this.colorize('\u0000', level);
      const at = marked.indexOf('\u0000');
      parts = {
        head: this.colorize(this.formatPid(process.pid), level),
        middle: ` ${this.colorize(level.toUpperCase().padStart(7, ' '), level)} ${this.formatContext(context)}`,
        open: marked.slice(0, at),
        close: marked.slice(at + 1),
      };
      this.parts.set(key, parts);
    }
    const { head, middle, open, close } = parts;
    return `${head}${this.getTimestamp()}${middle}${open}${message}${close}${this.updateAndGetTimestampDiff()}\n`;
  }

  private jsonLine(message: string, context: string, level: LogLevel): string {
    const line: Record<string, unknown> = { level, pid: process.pid, timestamp: Date.now(), message };
    if (context) line.context = context;
    return `${JSON.stringify(line)}\n`;
  }
}
