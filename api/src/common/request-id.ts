import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

const SAFE_ID = /^[\w.:-]{1,100}$/;
const logger = new Logger('HTTP');

/** The caller's X-Request-Id when it is sane, else a new UUID (Fastify's `genReqId`: it becomes `req.id`). */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id in the response, so a browser error can be matched with the server's log. */
export function echoRequestId(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  void reply.header('X-Request-Id', req.id);
  done();
}

/** One log line per request with its id (an `onResponse` hook, installed when the 'log' level is on). */
export function logRequest(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  logger.log(`${req.method} ${req.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms id=${req.id}`);
  done();
}
