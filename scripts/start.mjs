#!/usr/bin/env node
// `npm start`: builds what is not built, starts the whole site and stops it cleanly on Ctrl-C.
// `npm run start:scaled` (`--scaled`): the same site with API_REPLICAS (default 2) API processes behind nginx.
import { startStack, demoLogins, repoRoot } from './lib/stack.mjs';
import path from 'node:path';

const started = Date.now();
let stack;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Sportify Camp...');
  await stack?.stop();
  console.log('Stopped.');
  process.exit(code);
}

process.on('SIGINT', () => (stopping ? process.exit(130) : shutdown(0)));
process.on('SIGTERM', () => shutdown(0));

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
console.log(
  `(started in ${((Date.now() - started) / 1000).toFixed(1)} s; data in ${path.relative(repoRoot, stack.settings.dataDir)}/)`,
);
if (logins.length) {
  console.log('\nDemo logins:');
  for (const l of logins) console.log(`  ${l.role.padEnd(11)} ${l.email.padEnd(24)} ${l.password}`);
}
console.log('\nPress Ctrl-C to stop.');
