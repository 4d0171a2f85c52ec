import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { isDuplicateKey } from '../database/duplicate-key';
import { AlreadyExistsError } from './domain-errors';

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  [extra: string]: unknown;
}

const DATABASE_DOWN = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
]);

export const DATABASE_DOWN_MESSAGE = 'The database is unavailable, please try again shortly';

const body = (statusCode: number, message: string, extra: Record<string, unknown> = {}): ErrorBody => ({
  ...extra,
  statusCode,
  message,
  error: STATUS_CODES[statusCode] ?? 'Error',
});

/** Maps every failure to one JSON shape: { statusCode, message, error } (message always a readable string). */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const res = exception.getResponse();
    if (typeof res === 'string') return body(status, res);
    const { message, error: _error, statusCode: _statusCode, ...extra } = res as Record<string, unknown>;
    const text = Array.isArray(message)
      ? message.join('; ')
      : typeof message === 'string'
        ? message
        : exception.message;
    return body(status, text, extra);
  }
  const err = exception as { code?: number; name?: string; type?: string; status?: number; message?: string };
  // The database is down or unreachable: a temporary condition the client may retry, not a bug.
  if (DATABASE_DOWN.has(err?.name ?? '') || /buffering timed out/.test(err?.message ?? '')) {
    return body(HttpStatus.SERVICE_UNAVAILABLE, DATABASE_DOWN_MESSAGE);
  }
  // A uniqueness rule no service turned into its own message; the raw duplicate key is the same for a repository
  // that does not translate it yet (payments, until its repository does).
  if (exception instanceof AlreadyExistsError || isDuplicateKey(exception)) {
    return body(HttpStatus.CONFLICT, 'This record already exists');
  }
  if (err?.name === 'CastError') return body(HttpStatus.BAD_REQUEST, 'Invalid id or value');
  if (err?.name === 'ValidationError') return body(HttpStatus.BAD_REQUEST, err.message ?? 'Invalid value');
  // body-parser errors (malformed JSON, body too large) carry their own 4xx status.
  if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500 && err.type) {
    const message = err.type === 'entity.parse.failed' ? 'Malformed JSON body' : (err.message ?? 'Bad request');
    return body(err.status, message);
  }
  return body(HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error');
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request & { id?: string }>();
    const out = toErrorBody(exception);
    // Deliberate 5xx answers (e.g. 503 from /health) are not bugs; anything unexpected is logged with its stack.
    if (out.statusCode >= 500 && !(exception instanceof HttpException)) {
      this.logger.error(
        `${req.method} ${req.originalUrl} failed [${req.id ?? '-'}]`,
        (exception as Error)?.stack ?? String(exception),
      );
    }
    if (res.headersSent) return;
    res.status(out.statusCode).json(out);
  }
}
