import { Body, Controller, Get, Param, Patch, Post, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { assertOwnEmail } from '../auth/ownership';
import { AcceptsFirebaseIdToken, Public } from '../auth/public.decorator';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import { PublicListResponder } from '../common/public-list-responder';
import type { InsertResult, UpdateResult } from '../common/write-results';
import { CreateUserDto } from './create-user.dto';
import type { User } from './user.model';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth('api')
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly lists: PublicListResponder,
  ) {}

  @Post('users')
  @AcceptsFirebaseIdToken()
  @ApiCreatedResponse({ description: '{ insertedId } (201 when created, 200 with the existing id when already registered)' })
  @ApiForbiddenResponse({ description: "The e-mail is not the caller's" })
  async register(
    @CurrentCaller() caller: Caller,
    @Body() dto: CreateUserDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<InsertResult> {
    assertOwnEmail(caller, dto.email);
    const { insertedId, created } = await this.users.register(caller.email, dto);
    res.status(created ? 201 : 200);
    return { insertedId };
  }

  @Get('users')
  @Roles('admin')
  @ApiOkResponse({ description: 'Every user: _id, userName, email, userPhoto, gender, role (absent for students)' })
  list(): Promise<User[]> {
    return this.users.list();
  }

  @Public()
  @Get('users/admin')
  @ApiOkResponse({ description: 'Public list of admins: [{ _id, userName, userPhoto, email }]' })
  async admins(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.lists.reply(req, res, await this.users.admins());
  }

  @Public()
  @Get('users/popular')
  @ApiOkResponse({ description: '6 instructors with the most students in approved classes: [{ _id, userName, userPhoto, email }]' })
  async popular(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.lists.reply(req, res, await this.users.popularInstructors());
  }

  @Get('users/admin/:email')
  @ApiOkResponse({ description: '{ admin: boolean } for the caller' })
  @ApiForbiddenResponse({ description: "The e-mail is not the caller's" })
  async isAdmin(@CurrentCaller() caller: Caller, @Param('email') email: string): Promise<{ admin: boolean }> {
    assertOwnEmail(caller, email);
    return { admin: caller.role === 'admin' };
  }

  @Get('users/instructors/:email')
  @ApiOkResponse({ description: '{ instructor: boolean } for the caller' })
  @ApiForbiddenResponse({ description: "The e-mail is not the caller's" })
  async isInstructor(@CurrentCaller() caller: Caller, @Param('email') email: string): Promise<{ instructor: boolean }> {
    assertOwnEmail(caller, email);
    return { instructor: caller.role === 'instructor' };
  }

  @Patch('users/admin/:id')
  @Roles('admin')
  @ApiOkResponse({ description: '{ matchedCount, modifiedCount }' })
  @ApiNotFoundResponse({ description: 'No such user' })
  makeAdmin(@Param('id', ParseObjectIdPipe) id: string): Promise<UpdateResult> {
    return this.users.promote(id, 'admin');
  }

  @Patch('users/instructors/:id')
  @Roles('admin')
  @ApiOkResponse({ description: '{ matchedCount, modifiedCount }' })
  @ApiNotFoundResponse({ description: 'No such user' })
  makeInstructor(@Param('id', ParseObjectIdPipe) id: string): Promise<UpdateResult> {
    return this.users.promote(id, 'instructor');
  }
}
