import { HttpStatus } from '@nestjs/common';
import { DATABASE_DOWN_MESSAGE } from '../common/http-error.filter';
import type { RequestHook } from '../common/request-hooks';
import type { RouteRulesTable } from '../common/route-rules';
import type { DatabaseService } from './database.service';

/**
 * While the driver knows the database is unreachable, answers 503 at once instead of letting each request wait
 * for a server (DB_SERVER_SELECTION_TIMEOUT_MS). Requests flow again as soon as a heartbeat finds it back.
 */
export function databaseGate(db: DatabaseService, routes: RouteRulesTable): RequestHook {
  return (req, reply, done) => {
    if (db.connected()) return done();
    // Health answers for itself; the API docs need no database. Decided on the route, whatever the spelling.
    if (routes.of(req).withoutDatabase || (!req.is404 && req.routeOptions.url?.startsWith('/docs'))) return done();
    void reply
      .code(HttpStatus.SERVICE_UNAVAILABLE)
      .header('Retry-After', '1')
      .send({ statusCode: 503, message: DATABASE_DOWN_MESSAGE, error: 'Service Unavailable' });
  };
}
