import { HttpStatus } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DATABASE_DOWN_MESSAGE } from '../common/http-error.filter';
import type { DatabaseService } from './database.service';

// Health answers for itself; the API docs need no database.
const NO_DATABASE_NEEDED = /^\/(health|docs)(\/|$|\?|-json)/;

/**
 * While the driver knows the database is unreachable, answers 503 at once instead of letting each request wait
 * for a server (DB_SERVER_SELECTION_TIMEOUT_MS). Requests flow again as soon as a heartbeat finds it back.
 */
export function databaseGate(db: DatabaseService) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (db.connected() || NO_DATABASE_NEEDED.test(req.url ?? '')) return next();
    const body = JSON.stringify({ statusCode: 503, message: DATABASE_DOWN_MESSAGE, error: 'Service Unavailable' });
    res.statusCode = HttpStatus.SERVICE_UNAVAILABLE;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Retry-After', '1');
    res.end(body);
  };
}
