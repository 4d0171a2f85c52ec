import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { isDuplicateKey } from '../database/duplicate-key';
import { bodyRules } from './body-parsers';
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

/** A refusal the client may retry after `retryAfterSeconds` (sent as Retry-After): a spent budget, a full queue. */
export class RetryLaterException extends HttpException {
  constructor(
    status: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ statusCode: status, message, error: STATUS_CODES[status] }, status);
  }
}

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
  const err = exception as { name?: string; message?: string };
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
  return body(HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error');
}

/** Fastify's own refusal of a body over its route's limit: Express's body parser said it so. */
function tooLarge(exception: unknown, req: FastifyRequest): ErrorBody | undefined {
  const cause = exception instanceof HttpException ? (exception.cause as { code?: string } | undefined) : undefined;
  if (cause?.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return undefined;
  return body(HttpStatus.PAYLOAD_TOO_LARGE, bodyRules(req).tooLarge ?? 'request entity too large');
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const req = ctx.getRequest<FastifyRequest>();
    const out = tooLarge(exception, req) ?? toErrorBody(exception);
    // Deliberate 5xx answers (e.g. 503 from /health) are not bugs; anything unexpected is logged with its stack.
    if (out.statusCode >= 500 && !(exception instanceof HttpException)) {
      this.logger.error(
        `${req.method} ${req.originalUrl} failed [${req.id ?? '-'}]`,
        (exception as Error)?.stack ?? String(exception),
      );
    }
    if (reply.sent || reply.raw.headersSent) return;
    if (exception instanceof RetryLaterException) void reply.header('Retry-After', String(exception.retryAfterSeconds));
    void reply.code(out.statusCode).send(out);
  }
}
