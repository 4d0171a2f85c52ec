#!/usr/bin/env node
// `npm start`: builds what is not built, starts the whole site and stops it cleanly on Ctrl-C.
// `npm run start:scaled` (`--scaled`): the same site with API_REPLICAS (default 2) API processes behind nginx.
import { startStack, demoLogins, repoRoot } from './lib/stack.mjs';
import path from 'node:path';

const started = Date.now();
let stack;
let stopping = false;
let signals = 0;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Sportify Camp...');
  await stack?.stop();
  // The stop has said why when the sign-ups could not be saved.
  const saved = (await stack?.saveAccounts()) ?? true;
  console.log(saved ? 'Stopped.' : 'Stopped, without saving the sign-ups.');
  process.exit(saved ? code : 1);
}

// A terminal's Ctrl-C reaches every process of the group; the Auth emulator runs in its own so that its accounts
// are exported before it stops. A second Ctrl-C stops at once but still waits for that export; a third does not.
function onSignal() {
  signals += 1;
  if (signals === 1) return void shutdown(0);
  if (signals === 2 && stack) {
    console.log('\nStopping now, once the sign-ups are saved (press Ctrl-C again to quit without waiting).');
    void stack.saveAccounts().then((saved) => process.exit(saved ? 130 : 1));
    return;
  }
  console.log('\nQuit without waiting: the Auth emulator exports its accounts on its own way out.');
  process.exit(130);
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

try {
  stack = await startStack({ scaled: process.argv.includes('--scaled') });
} catch (err) {
  console.error(`\n\x1b[31mSportify Camp could not start:\x1b[0m ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

// A crashed database, emulator, API or load balancer takes the site down loudly; a stopped front end only takes
// its own area, and a stopped API replica (api-1, api-2, ...) leaves the others serving behind nginx.
for (const service of stack.services) {
  service.exited.then((r) => {
    if (stopping) return;
    const essential = ['database', 'auth-emulator', 'api', 'nginx'].includes(service.name);
    console.error(
      `${service.name} stopped (${r.exitCode ?? r.signal}).${essential ? '' : ' The rest of the site keeps running.'}`,
    );
    if (essential) shutdown(1);
  });
}

const shell = stack.settings.frontEnds[0];
const logins = demoLogins();
console.log(`\nSportify Camp is ready at http://localhost:${shell.port}`);
if (stack.mailInbox) console.log(`Mail inbox at ${stack.mailInbox}`);
console.log(
  `(started in ${((Date.now() - started) / 1000).toFixed(1)} s; data in ${path.relative(repoRoot, stack.settings.dataDir)}/)`,
);
if (logins.length) {
  console.log('\nDemo logins:');
  for (const l of logins) console.log(`  ${l.role.padEnd(11)} ${l.email.padEnd(24)} ${l.password}`);
}
console.log('\nPress Ctrl-C to stop.');
