import { SetMetadata } from '@nestjs/common';
import type { CallerRole } from './caller';

export const ROLES_KEY = 'sportify:roles';
/** Restricts a route to callers whose role (from the database, see CallerCache) is one of these. */
export const Roles = (...roles: CallerRole[]) => SetMetadata(ROLES_KEY, roles);
