import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Roles } from '../auth/roles.decorator';
import { PageQueryDto, type Paged } from '../common/paging';
import { ParseIntentIdPipe } from './intent-id';
import type { AccountSummary, StatementItem } from './account.model';
import { AccountSummaryResponse, StatementPageResponse } from './account.responses';
import { AccountService } from './account.service';

/** My Account: only the family sees its own (every call answers the caller's account). */
@ApiTags('account')
@ApiBearerAuth('api')
@Roles('student')
@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Get()
  @ApiOkResponse({ type: AccountSummaryResponse, description: "The caller's credit and the installments still due" })
  summary(@CurrentCaller() caller: Caller): Promise<AccountSummary> {
    return this.account.summary(caller);
  }

  @Get('statement')
  @ApiOkResponse({
    type: StatementPageResponse,
    description: 'Charges, discounts, payments, refunds and credits, newest first, a page at a time',
  })
  statement(@CurrentCaller() caller: Caller, @Query() query: PageQueryDto): Promise<Paged<StatementItem>> {
    return this.account.statement(caller, query);
  }

  @Get('receipts/:intentId')
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: "A payment's receipt, as a text file",
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ description: "No payment of the caller's" })
  async receipt(
    @CurrentCaller() caller: Caller,
    @Param('intentId', ParseIntentIdPipe) intentId: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const { fileName, body } = await this.account.receipt(caller, intentId);
    void res
      .code(200)
      .headers({
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-store',
      })
      .send(body);
  }
}
