import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@jara/contracts';
import type { User } from '../../modules/users/user.entity';

export const IS_PUBLIC_KEY = 'jara:isPublic';
export const ROLES_KEY = 'jara:roles';

/** The route answers without a token. A token, when sent and valid, still sets the current user. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** Only these roles may call the route (checked after authentication). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** The signed-in user (an entity loaded fresh from the database for this request), or undefined on a public route. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User | undefined => {
  return ctx.switchToHttp().getRequest().user ?? undefined;
});
