import { Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

const SAFE_ID = /^[\w.:-]{1,100}$/;
const logger = new Logger('HTTP');

/** The caller's X-Request-Id when it is sane, else a new UUID; echoed in the response. */
export function assignRequestId(req: IncomingMessage & { id?: string }, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  res.setHeader('X-Request-Id', id);
  return id;
}

/** One log line per request with its id, so a browser error can be matched with the server's log. */
export function logWhenFinished(req: IncomingMessage, res: ServerResponse, id: string): void {
  if (!Logger.isLevelEnabled('log')) return;
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.log(`${req.method} ${req.url} ${res.statusCode} ${ms.toFixed(1)}ms id=${id}`);
  });
}

export function requestIdAndLog(req: IncomingMessage & { id?: string }, res: ServerResponse, next: () => void): void {
  logWhenFinished(req, res, assignRequestId(req, res));
  next();
}
