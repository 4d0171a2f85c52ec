import { Body, Controller, Get, Header, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { assertOwnEmail } from '../auth/ownership';
import { AcceptsFirebaseIdToken, Public } from '../auth/public.decorator';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import { arrayOrPage, wantsPage } from '../common/paging';
import { listKey } from '../common/public-cache-key';
import { CachedList } from '../common/cached-list.interceptor';
import { PUBLIC_LISTS, replyCached } from '../common/public-cache';
import { UsersQueryDto } from './user-query.dto';
import type { InsertResult, UpdateResult } from '../common/write-results';
import { CreateUserDto } from './create-user.dto';
import { UpdateMeDto } from './update-me.dto';
import type { User } from './user.model';
import { ADMIN_USERS_LIST, UsersService } from './users.service';
import { ErrorResponse, InsertResultResponse, UpdateResultResponse } from '../common/write-results.responses';
import {
  AdminCheckResponse,
  InstructorCheckResponse,
  MeResponse,
  PublicPersonResponse,
  UserPageResponse,
  UserResponse,
} from './user.responses';

@ApiTags('users')
@ApiBearerAuth('api')
@ApiExtraModels(UserResponse, UserPageResponse)
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('users')
  @AcceptsFirebaseIdToken()
  @ApiCreatedResponse({
    type: InsertResultResponse,
    description: '201 when created, 200 with the existing id when already registered',
  })
  @ApiForbiddenResponse({
    description: "The e-mail is not the caller's, not verified (real project), or bound to another sign-in account",
  })
  async register(
    @CurrentCaller() caller: Caller,
    @Body() dto: CreateUserDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<InsertResult> {
    assertOwnEmail(caller, dto.email);
    const { insertedId, created } = await this.users.register(caller.email, dto);
    void res.code(created ? 201 : 200);
    return { insertedId };
  }

  @Get('users')
  @Roles('admin')
  @CachedList(ADMIN_USERS_LIST, 'private')
  @ApiOkResponse({
    schema: arrayOrPage(UserResponse, UserPageResponse),
    description: 'Every user; a page with any parameter, in sign-up order unless `sort` says otherwise',
  })
  async list(@Query() query: UsersQueryDto, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    if (!wantsPage(req.originalUrl)) {
      void res.send(await this.users.list());
      return;
    }
    // The cached serialisation as is; private data, so no shared cache may keep it.
    replyCached(req, res, await this.users.listPage(query, listKey(ADMIN_USERS_LIST, req.originalUrl)), 'private');
  }

  @Public()
  @Get('users/admin')
  @CachedList(PUBLIC_LISTS['/users/admin'])
  @ApiOkResponse({ type: [PublicPersonResponse], description: 'Public list of admins' })
  async admins(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    replyCached(req, res, await this.users.admins());
  }

  @Public()
  @Get('users/popular')
  @CachedList(PUBLIC_LISTS['/users/popular'])
  @ApiOkResponse({
    type: [PublicPersonResponse],
    description: '6 instructors with the most students in approved classes',
  })
  async popular(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    replyCached(req, res, await this.users.popularInstructors());
  }

  /** The session as data: who the caller is, as the navbar shows them, and the role the API gives them. */
  @Get('me')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentCaller() caller: Caller): MeResponse {
    return meOf(caller.email, caller.role, caller.user);
  }

  /** The caller's own name and photo (the profile); a photo URL is imported after the save, as at Register. */
  @Patch('me')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: MeResponse, description: 'The session as GET /me answers it after the change' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'The caller has not registered (POST /users) yet' })
  async updateMe(@CurrentCaller() caller: Caller, @Body() dto: UpdateMeDto): Promise<MeResponse> {
    return meOf(caller.email, caller.role, await this.users.updateProfile(caller, dto));
  }

  @Get('users/admin/:email')
  @ApiOkResponse({ type: AdminCheckResponse })
  @ApiForbiddenResponse({ description: "The e-mail is not the caller's" })
  async isAdmin(@CurrentCaller() caller: Caller, @Param('email') email: string): Promise<{ admin: boolean }> {
    assertOwnEmail(caller, email);
    return { admin: caller.role === 'admin' };
  }

  @Get('users/instructors/:email')
  @ApiOkResponse({ type: InstructorCheckResponse })
  @ApiForbiddenResponse({ description: "The e-mail is not the caller's" })
  async isInstructor(@CurrentCaller() caller: Caller, @Param('email') email: string): Promise<{ instructor: boolean }> {
    assertOwnEmail(caller, email);
    return { instructor: caller.role === 'instructor' };
  }

  @Patch('users/admin/:id')
  @Roles('admin')
  @ApiOkResponse({ type: UpdateResultResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'No such user' })
  makeAdmin(@CurrentCaller() caller: Caller, @Param('id', ParseObjectIdPipe) id: string): Promise<UpdateResult> {
    return this.users.promote(caller, id, 'admin');
  }

  @Patch('users/instructors/:id')
  @Roles('admin')
  @ApiOkResponse({ type: UpdateResultResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'No such user' })
  makeInstructor(@CurrentCaller() caller: Caller, @Param('id', ParseObjectIdPipe) id: string): Promise<UpdateResult> {
    return this.users.promote(caller, id, 'instructor');
  }
}

/** GET /me's answer for a caller and their record (null before they register). */
function meOf(email: string, role: Caller['role'], user: User | null): MeResponse {
  return {
    email,
    role,
    displayName: user?.userName || null,
    // Only a photo the site holds: the page never loads a picture from elsewhere.
    photoURL: user?.picture?.id ? user.userPhoto : null,
    pictureId: user?.picture?.id ?? null,
  };
}
