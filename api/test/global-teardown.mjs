export default async function globalTeardown() {
  const state = globalThis.__SPORTIFY_API_TEST__;
  if (!state) return;
  await Promise.allSettled([state.auth.stop(), state.db.stop(), state.stripe.stop(), state.s3.stop()]);
}
