import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MSG, normalizeRole, type Role } from '@jara/contracts';
import { ROLES_KEY } from '../decorators/auth.decorators';

/** Global guard: enforces @Roles(...). Runs after JwtAuthGuard, so request.user is set on protected routes. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles || roles.length === 0) return true;
    const user = context.switchToHttp().getRequest().user;
    if (!user) throw new ForbiddenException(MSG.auth.forbidden);
    if (!roles.includes(normalizeRole(user.role))) throw new ForbiddenException(MSG.auth.forbidden);
    return true;
  }
}
