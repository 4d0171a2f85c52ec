// `npm run admin:grant -- <e-mail> [...]` gives the admin role (now, or at that person's first sign-in), and
// `npm run admin:grant -- --list` shows every role given: api/src/users/admin-grant.ts, on the database of
// MONGODB_URI or else on `npm start`'s embedded one. The record names SPORTIFY_OPERATOR, else the git user.
import { runApiCommand } from './lib/api-command.mjs';
import { operator } from './releases/store.mjs';

process.exitCode = await runApiCommand('api/dist/users/admin-grant-run.js', process.argv.slice(2), {
  SPORTIFY_OPERATOR: operator(),
});
