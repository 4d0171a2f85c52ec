import { ADMIN } from './demo';
import { signInAs, startTestApp, type Session, type TestApp } from './test-app';

/** Two API instances on one database, as two replicas behind a balancer. */
export interface Replicas {
  a: TestApp;
  b: TestApp;
  /** `a` for an even `i`, `b` for an odd one: spreads a run's calls over both. */
  either(i: number): TestApp;
  /** Stops both and drops the database. */
  close(): Promise<void>;
}

/**
 * Starts two instances of the API on one database (the first's own, unless `env` names one); with `seed`, the
 * demo data first. Every setting in `env` goes to both.
 */
export async function startReplicas(opts: { env?: Record<string, string>; seed?: boolean } = {}): Promise<Replicas> {
  const a = await startTestApp({ seed: opts.seed, env: opts.env });
  let b: TestApp;
  try {
    b = await startTestApp({ env: { ...opts.env, MONGODB_URI: a.config.mongodbUri } });
  } catch (err) {
    await a.close();
    throw err;
  }
  return {
    a,
    b,
    either: (i) => (i % 2 ? b : a),
    close: async () => {
      await b.app.close();
      await a.close();
    },
  };
}

/** Settings of the race suites: a settlement is due for reconciliation at once, and offers are swept only by the test. */
export const RACE_ENV = { PAYMENT_SETTLE_DELAY_SECONDS: '0', WAITLIST_SWEEP_INTERVAL_SECONDS: '0' };

/** Two replicas on a seeded database, with the demo admin signed in (to approve the classes a test adds). */
export async function seededReplicas(env: Record<string, string> = RACE_ENV): Promise<Replicas & { admin: Session }> {
  const replicas = await startReplicas({ seed: true, env });
  try {
    return { ...replicas, admin: await signInAs(replicas.a, ADMIN.email, ADMIN.password) };
  } catch (err) {
    await replicas.close();
    throw err;
  }
}
