import { applyDecorators, createParamDecorator, type ExecutionContext, type Type as ClassType } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiParam } from '@nestjs/swagger';
import { arrayOrPage, wantsPage } from '../common/paging';
import type { Caller } from './caller';
import type { AuthenticatedRequest } from './current-caller.decorator';
import { assertOwnEmail } from './ownership';

/**
 * The caller, once the route's `:email` is checked to be theirs (403 otherwise): the routes that list "my"
 * records name the e-mail in the path, as the spec's calls do, but answer only for the signed-in user.
 */
export const OwnCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!req.caller) throw new Error('OwnCaller used on a route without authentication');
  const email = req.params.email;
  assertOwnEmail(req.caller, Array.isArray(email) ? email[0] : email);
  return req.caller;
});

/** Whether the request asks for the paged form of a list (it carries any query parameter). */
export const PageWanted = createParamDecorator((_: unknown, ctx: ExecutionContext): boolean =>
  wantsPage(ctx.switchToHttp().getRequest<AuthenticatedRequest>().originalUrl),
);

/** The OpenAPI side of a `GET .../:email` list of the caller's own records: an array, or a page with any parameter. */
export const OwnListDocs = (Item: ClassType<unknown>, Page: ClassType<unknown>, what: string) =>
  applyDecorators(
    ApiParam({ name: 'email', type: String }),
    ApiOkResponse({ schema: arrayOrPage(Item, Page), description: `${what} (a page with any parameter)` }),
    ApiForbiddenResponse({ description: "The e-mail is not the caller's" }),
  );
