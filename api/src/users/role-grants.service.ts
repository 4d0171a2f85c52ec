import { Injectable } from '@nestjs/common';
import type { Role } from './user.model';
import type { GrantVia } from './role-grant.schema';
import { RoleGrantsRepository, type PendingRole, type RoleGrant } from './role-grants.repository';
import { UsersRepository } from './users.repository';

/** What granting a role did. */
export type GrantOutcome =
  /** The person had signed in: they have the role now (`from`: what they were, null for a student). */
  | { kind: 'granted'; grant: RoleGrant }
  /** They had it already: nothing changed (`since`: the grant on record, if any). */
  | { kind: 'already'; since: RoleGrant | null }
  /** They never signed in: the role waits for their first sign-in (`fresh`: this call asked for it). */
  | { kind: 'pending'; pending: PendingRole; fresh: boolean };

/**
 * Roles given to people, on record: every grant (who, when, from what), whether an admin gave it on Manage Users or
 * an operator with `npm run admin:grant` (the first admin of a new camp, who cannot be given it by anyone else).
 * A role for someone who never signed in waits for their first sign-in. The caller drops the cached callers.
 */
@Injectable()
export class RoleGrants {
  constructor(
    private readonly users: UsersRepository,
    private readonly grants: RoleGrantsRepository,
  ) {}

  /** Gives `role` to the person with this e-mail, now or at their first sign-in. Idempotent. */
  async grant(email: string, role: Role, by: string, via: GrantVia, now = new Date()): Promise<GrantOutcome> {
    const address = email.trim().toLowerCase();
    const given = await this.give(address, role, by, via, now, now);
    if (given) return given;
    const { pending, fresh } = await this.grants.addPending({ email: address, role, by, requestedAt: now });
    // They may have signed in meanwhile, past the moment their sign-in looked for a waiting role: give it now.
    const applied = await this.applyPending(address);
    return applied ?? { kind: 'pending', pending, fresh };
  }

  /** At a first sign-in: the role waiting for this e-mail, given now (once, whichever process gets there first). */
  async applyPending(email: string): Promise<GrantOutcome | null> {
    const pending = await this.grants.takePending(email);
    if (!pending) return null;
    const { email: address, role, by, requestedAt } = pending;
    const given = await this.give(address, role, by, 'first sign-in', requestedAt, new Date());
    // Nobody with that e-mail after all (cannot happen after a sign-in): keep waiting.
    if (!given) await this.grants.addPending(pending);
    return given;
  }

  /** Records a role an admin gave on Manage Users (the users service changed it). */
  async recorded(email: string, role: Role, from: Role | undefined, by: string, now = new Date()): Promise<void> {
    await this.grants.record({ email, role, from: from ?? null, by, via: 'admin', requestedAt: now, grantedAt: now });
  }

  history(limit: number, email?: string): Promise<RoleGrant[]> {
    return this.grants.history(limit, email?.trim().toLowerCase());
  }

  pending(): Promise<PendingRole[]> {
    return this.grants.listPending();
  }

  /** Null when nobody with this e-mail has signed in. */
  private async give(
    email: string,
    role: Role,
    by: string,
    via: GrantVia,
    requestedAt: Date,
    now: Date,
  ): Promise<GrantOutcome | null> {
    const before = await this.users.setRoleByEmail(email, role);
    if (!before) return null;
    if (before.role === role) {
      const [since] = await this.grants.history(1, email);
      return { kind: 'already', since: since?.role === role ? since : null };
    }
    const grant: RoleGrant = { email, role, from: before.role ?? null, by, via, requestedAt, grantedAt: now };
    await this.grants.record(grant);
    return { kind: 'granted', grant };
  }
}
