import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator';
import { PublicListResponder } from '../common/public-list-responder';
import { UsersService } from './users.service';
import { PublicPersonResponse } from './user.responses';

@ApiTags('users')
@Controller('instructors')
export class InstructorsController {
  constructor(
    private readonly users: UsersService,
    private readonly lists: PublicListResponder,
  ) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: [PublicPersonResponse], description: 'Public list of instructors' })
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.lists.reply(req, res, await this.users.instructors());
  }
}
