import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator';
import { arrayOrPage, wantsPage } from '../common/paging';
import { CachedList } from '../common/cached-list.interceptor';
import { PUBLIC_LISTS, replyCached } from '../common/public-cache';
import { publicListKey } from '../common/public-cache-key';
import { InstructorsQueryDto } from './user-query.dto';
import { UsersService } from './users.service';
import { PublicPersonPageResponse, PublicPersonResponse } from './user.responses';

@ApiTags('users')
@ApiExtraModels(PublicPersonResponse, PublicPersonPageResponse)
@Controller('instructors')
export class InstructorsController {
  constructor(private readonly users: UsersService) {}

  @Public()
  @Get()
  @CachedList(PUBLIC_LISTS['/instructors'])
  @ApiOkResponse({
    schema: arrayOrPage(PublicPersonResponse, PublicPersonPageResponse),
    description: 'Public list of instructors (a page with any parameter)',
  })
  @ApiServiceUnavailableResponse({ description: 'Too many uncached searches waiting on this replica (Retry-After)' })
  async list(@Query() query: InstructorsQueryDto, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const entry = wantsPage(req.originalUrl)
      ? await this.users.instructorsPage(query, publicListKey('/instructors', req.originalUrl))
      : await this.users.instructors();
    replyCached(req, res, entry);
  }
}
