// node api/dist/users/admin-grant-run.js <e-mail> [...] | --list: see admin-grant.ts.
import 'reflect-metadata';
import { adminGrant } from './admin-grant';

adminGrant(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('admin:grant failed:', err);
    process.exit(1);
  },
);
