import { applyDecorators, createParamDecorator, type ExecutionContext, type Type as ClassType } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiParam } from '@nestjs/swagger';
import { arrayOrPage, wantsPage } from '../common/paging';
import type { Caller } from './caller';
import type { AuthenticatedRequest } from './current-caller.decorator';
import { assertOwnEmail } from './ownership';

/** The caller, once the route's `:email` is checked to be theirs (403 otherwise). */
function ownCaller(req: AuthenticatedRequest): Caller {
  if (!req.caller) throw new Error('An own-records route used without authentication');
  const email = (req.params as Record<string, string | string[] | undefined>).email;
  assertOwnEmail(req.caller, Array.isArray(email) ? email[0] : email);
  return req.caller;
}

/**
 * The caller of a route that names "my" records by e-mail in its path, as the calls of docs/product.md do: it answers only for
 * the signed-in user.
 */
export const OwnCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller =>
  ownCaller(ctx.switchToHttp().getRequest<AuthenticatedRequest>()),
);

/** A call for the caller's own list: who (their `:email` checked), and whether it wants a page. */
export interface OwnListCall {
  caller: Caller;
  /** The request carries a query parameter: the paged form, else the whole array. */
  paged: boolean;
}

export const OwnList = createParamDecorator((_: unknown, ctx: ExecutionContext): OwnListCall => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  return { caller: ownCaller(req), paged: wantsPage(req.originalUrl) };
});

/** The OpenAPI side of a `GET .../:email` list of the caller's own records: an array, or a page with any parameter. */
export const OwnListDocs = (Item: ClassType<unknown>, Page: ClassType<unknown>, what: string) =>
  applyDecorators(
    ApiParam({ name: 'email', type: String }),
    ApiOkResponse({ schema: arrayOrPage(Item, Page), description: `${what} (a page with any parameter)` }),
    ApiForbiddenResponse({ description: "The e-mail is not the caller's" }),
  );
