import Fastify from 'fastify';
import request from 'supertest';
import { ClientBudget, clientOf, refuse } from '../src/auth/client-budgets';

// The in-memory budgets (reads, cached reads, health, reports, writes...) remember a bounded number of clients. What
// happens at that bound decides whether a flood of fresh addresses frees a limited client.
describe('in-memory client budget at its address cap', () => {
  const LIMIT = 5;
  const CAP = 100;
  const app = Fastify({ trustProxy: true });
  const budget = new ClientBudget(LIMIT, 600, CAP);
  app.addHook('onRequest', (req, reply, done) => {
    const wait = budget.take(clientOf(req));
    if (wait === 0) done();
    else refuse(reply, wait);
  });
  app.get('/classes', async () => []);
  beforeAll(() => app.ready());
  afterAll(() => app.close());
  const from = (ip: string) => request(app.server).get('/classes').set('X-Forwarded-For', ip);
  // Each in a /64 of its own (a budget counts an IPv6 address by its /64).
  const others = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}:${i.toString(16)}::1`);
  const visit = async (ips: string[]) => {
    for (let at = 0; at < ips.length; at += 25) {
      const statuses = await Promise.all(ips.slice(at, at + 25).map(async (ip) => (await from(ip)).status));
      expect(statuses.every((status) => status === 200)).toBe(true);
    }
  };

  it('keeps a limited client limited when other addresses fill the cap', async () => {
    const client = '198.51.100.7';
    for (let i = 0; i < LIMIT; i++) await from(client).expect(200);
    const refused = await from(client).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await visit(others('2001:db8:1', CAP - 1));
    await from(client).expect(429);
  });

  it('keeps a busy client limited through a flood of ten times the cap, and forgets the quietest address', async () => {
    const busy = '198.51.100.8';
    const quiet = '198.51.100.9';
    for (let i = 0; i < LIMIT; i++) await from(quiet).expect(200);
    await from(quiet).expect(429);
    for (let i = 0; i < LIMIT - 1; i++) await from(busy).expect(200);
    // Near its limit: one more passes, then it is refused.
    await from(busy).expect(200);
    const flood = others('2001:db8:2', CAP * 10);
    for (let at = 0; at < flood.length; at += CAP / 2) {
      await visit(flood.slice(at, at + CAP / 2));
      await from(busy).expect(429);
    }
    // Memory stays bounded: the address that went quiet was forgotten and starts a new window.
    await from(quiet).expect(200);
  });
});
