import { ForbiddenException } from '@nestjs/common';
import type { Caller } from './caller';

/** A path or body e-mail must be the caller's own; anything else is refused with 403. */
export function assertOwnEmail(caller: Caller, email: string | undefined): void {
  if (email !== undefined && email.trim().toLowerCase() !== caller.email) {
    throw new ForbiddenException('You can only access your own records');
  }
}
