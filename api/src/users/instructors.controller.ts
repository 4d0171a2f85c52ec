import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator';
import { replyCached } from '../common/public-cache';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('instructors')
export class InstructorsController {
  constructor(private readonly users: UsersService) {}

  @Public()
  @Get()
  @ApiOkResponse({ description: 'Public list of instructors: [{ _id, userName, userPhoto, email }]' })
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    replyCached(req, res, await this.users.instructors());
  }
}
