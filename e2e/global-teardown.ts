import { execFileSync } from 'node:child_process';
import path from 'node:path';

// After the journeys, the payment ledger's invariants on the journeys' database (`npm run ledger:check`): money,
// seats and payments left by every journey must agree. The stack is still up here (the web server stops after).
export default function globalTeardown() {
  const root = path.resolve(__dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'scripts/ledger-check.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SPORTIFY_DATA_DIR: path.resolve(root, process.env.SPORTIFY_DATA_DIR || '.data-e2e') },
  });
}
