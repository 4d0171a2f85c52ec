import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { ClassesRepository } from '../classes/classes.repository';
import { PUBLIC_LISTS, PublicCache, type CachedJson } from '../common/public-cache';
import { pageWindow, type Paged } from '../common/paging';
import { PicturesService } from '../pictures/pictures.service';
import type { InsertResult, UpdateResult } from '../common/write-results';
import type { InstructorsQueryDto, UsersQueryDto } from './user-query.dto';
import type { CreateUserDto } from './create-user.dto';
import type { UpdateMeDto } from './update-me.dto';
import { RoleGrants } from './role-grants.service';
import { toPublicPerson, type PublicPerson, type Role, type User } from './user.model';
import type { UserRecord } from './user.schema';
import { UsersRepository } from './users.repository';

export const POPULAR_LIMIT = 6;
/** Cache key base of the admin's user pages (`admin:users?<normalised query>`). */
export const ADMIN_USERS_LIST = 'admin:users';

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  constructor(
    private readonly users: UsersRepository,
    private readonly classes: ClassesRepository,
    private readonly cache: PublicCache,
    private readonly pictures: PicturesService,
    private readonly roles: RoleGrants,
  ) {}

  onApplicationBootstrap(): void {
    this.pictures.registerOwner('user', async (email, token, picture, url) => {
      if (await this.users.settlePicture(email, token, picture, url)) this.cache.invalidate('users');
    });
  }

  /**
   * Registers the caller once; later calls (e.g. every Google sign-in) return the existing record. A photo given as
   * a URL (Google's, or typed at sign-up) is imported like a class's picture; an uploaded one is held already.
   */
  async register(email: string, dto: CreateUserDto): Promise<InsertResult & { created: boolean }> {
    const given = dto.pictureId !== undefined || !!dto.userPhoto;
    const picture = given ? await this.pictures.choose({ pictureId: dto.pictureId, url: dto.userPhoto }) : undefined;
    const { user, created } = await this.users.insertIfAbsent({
      email,
      userName: dto.userName?.trim() || email.split('@')[0],
      userPhoto: picture?.status === 'ready' ? picture.url : (dto.userPhoto ?? ''),
      ...(picture?.status === 'ready' ? { pictureStatus: 'ready', pictureId: picture.id } : {}),
      ...(picture?.status === 'pending' ? { pictureStatus: 'pending', pictureToken: picture.token } : {}),
      ...(dto.gender ? { gender: dto.gender } : {}),
    });
    if (created && picture?.status === 'pending' && dto.userPhoto)
      await this.pictures.startImport(`user:${user.email}`, picture.token, dto.userPhoto);
    if (created) {
      // A role given before their first sign-in (the first admin of a new camp) is theirs from now on.
      await this.roles.applyPending(user.email);
      // A new user has no role, so no public list changes; the admin's cached pages of users do.
      this.cache.invalidate('users');
    }
    return { insertedId: user._id, created };
  }

  /**
   * The caller's own name and photo (the profile). A photo given as a URL is imported like Register's: until it is
   * held the person shows their initials, never the URL. Answers the updated record.
   */
  async updateProfile(caller: Caller, dto: UpdateMeDto): Promise<User> {
    if (!caller.user) throw new NotFoundException('Register before changing your profile');
    const email = caller.user.email;
    const userName = dto.userName?.trim();
    if (dto.userName !== undefined && !userName) throw new BadRequestException('Name is required');
    const url = dto.userPhoto?.trim();
    if (!userName && !url && !dto.pictureId)
      throw new BadRequestException('Give a name, a photo URL or an uploaded picture to change');
    const set: Partial<UserRecord> = userName ? { userName } : {};
    const unset: (keyof UserRecord)[] = [];
    const choice = url || dto.pictureId ? await this.pictures.choose({ pictureId: dto.pictureId, url }) : undefined;
    if (choice?.status === 'ready') {
      Object.assign(set, { pictureStatus: 'ready', pictureId: choice.id, userPhoto: choice.url });
      unset.push('pictureToken', 'pictureError');
    } else if (choice) {
      Object.assign(set, { pictureStatus: 'pending', pictureToken: choice.token, userPhoto: url });
      unset.push('pictureId', 'pictureError');
    }
    await this.users.updateProfile(email, set, unset);
    if (choice?.status === 'pending' && url) await this.pictures.startImport(`user:${email}`, choice.token, url);
    // Names and photos show on the public lists of admins and instructors and on the admin's pages.
    this.cache.invalidate('users');
    const updated = await this.users.findByEmail(email);
    if (!updated) throw new NotFoundException('Register before changing your profile');
    return updated;
  }

  /** People whose photo was stored as a URL before the site held pictures: each gets its import. */
  async importStoredPictures(): Promise<number> {
    const queued = await this.pictures.importStored('user', {
      next: async (limit) => (await this.users.withoutPicture(limit)).map((u) => ({ id: u.email, url: u.userPhoto })),
      claim: (email, token) => this.users.awaitPicture(email, token),
      settle: (email, token, picture, url) => this.users.settlePicture(email, token, picture, url),
    });
    this.cache.invalidate('users');
    return queued;
  }

  list(): Promise<User[]> {
    return this.users.list();
  }

  /**
   * A page of the admin's user list. Kept in the list cache like the public pages (key `admin:users?<normalised
   * query>`, served only after the guards, dropped by any user write), because a page means a sort over
   * every user, which a database without a usable index (the embedded one) does in full on each request.
   */
  listPage(query: UsersQueryDto, key: string): Promise<CachedJson> {
    const window = pageWindow(query);
    return this.cache.get(key, ['users'], async (): Promise<Paged<User>> => {
      const { items, total } = await this.users.page(
        { role: query.role, text: query.q, textInEmail: true, sort: query.sort },
        window,
      );
      return { items, total, page: window.page, limit: window.limit };
    });
  }

  /** An admin gives a role to someone else; changing one's own role could leave the site without an admin. */
  async promote(caller: Caller, id: string, role: Role): Promise<UpdateResult> {
    const target = await this.users.findById(id);
    if (!target) throw new NotFoundException('User not found');
    if (target.email === caller.email) throw new ForbiddenException('You cannot change your own role');
    const result = await this.users.setRole(id, role);
    if (result.modifiedCount) {
      await this.roles.recorded(target.email, role, target.role, caller.email);
      this.cache.invalidate('users');
    }
    return result;
  }

  admins(): Promise<CachedJson> {
    return this.cache.get(PUBLIC_LISTS['/users/admin'], ['users'], async () =>
      (await this.users.listByRole('admin')).map(toPublicPerson),
    );
  }

  instructors(): Promise<CachedJson> {
    return this.cache.get(PUBLIC_LISTS['/instructors'], ['users'], async () =>
      (await this.users.listByRole('instructor')).map(toPublicPerson),
    );
  }

  /** A page of instructors; `key` is the request's normalised cache key (public-cache-key.ts). */
  instructorsPage(query: InstructorsQueryDto, key: string): Promise<CachedJson> {
    const window = pageWindow(query);
    return this.cache.get(key, ['users'], async () => {
      const { items, total } = await this.users.page({ role: 'instructor', text: query.q }, window);
      return { items: items.map(toPublicPerson), total, page: window.page, limit: window.limit };
    });
  }

  /** Instructors by students enrolled in their approved classes, highest first (ties: earlier sign-up first). */
  popularInstructors(): Promise<CachedJson> {
    return this.cache.get(PUBLIC_LISTS['/users/popular'], ['users', 'classes'], async () => {
      const [instructors, totals] = await Promise.all([
        this.users.listByRole('instructor'),
        this.classes.enrolledByInstructor(),
      ]);
      return instructors
        .map((u, order) => ({ u, order, total: totals.get(u.email) ?? 0 }))
        .sort((a, b) => b.total - a.total || a.order - b.order)
        .slice(0, POPULAR_LIMIT)
        .map(({ u }): PublicPerson => toPublicPerson(u));
    });
  }
}
