// Read by the launcher (scripts/lib/stack.mjs) to print the demo logins; keep it free of Nest imports.
import { DEMO_EMAILS, SEED_PEOPLE } from './seed-data';

export interface DemoLogin {
  role: string;
  name: string;
  email: string;
  password: string;
}

export const DEMO_LOGINS: DemoLogin[] = DEMO_EMAILS.map((email) => {
  const p = SEED_PEOPLE.find((x) => x.email === email)!;
  return { role: p.role, name: p.name, email: p.email, password: p.password };
});
