import { Lru } from './lru.js';

const reported = new Lru<string, true>(32);

/** Says a lasting problem of the site's files once per process, not once per request. */
export function reportOnce(message: string): void {
  if (reported.get(message)) return;
  reported.set(message, true);
  console.error(message);
}

/** Says a lasting state (not a problem) once per process, not at every check. */
export function noteOnce(message: string): void {
  if (reported.get(message)) return;
  reported.set(message, true);
  console.log(message);
}
