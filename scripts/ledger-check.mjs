// `npm run ledger:check [-- --settled]`: the payment ledger's invariants (api/src/payments/ledger-check.ts) on the
// database of MONGODB_URI, or else on the embedded database of `npm start` (its data dir; started for the check when
// it is not running). Prints each drift and exits 1 when there is any.
import { runApiCommand } from './lib/api-command.mjs';

process.exitCode = await runApiCommand('api/dist/payments/ledger-check-run.js', process.argv.slice(2));
