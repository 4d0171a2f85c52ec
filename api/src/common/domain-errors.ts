/**
 * A write refused because the record already exists (a unique rule: one selection per student and class, one
 * user per e-mail). Repositories throw it instead of the database's error; services say what it means to users.
 */
export class AlreadyExistsError extends Error {
  constructor(what: string) {
    super(`${what} already exists`);
    this.name = 'AlreadyExistsError';
  }
}
