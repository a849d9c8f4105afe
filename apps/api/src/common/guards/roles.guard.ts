import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MSG, normalizeRole, type Role } from '@jara/contracts';
import { IS_PUBLIC_KEY, ROLES_KEY } from '../decorators/auth.decorators';

/** Global guard: enforces @Roles(...). Runs after JwtAuthGuard, so request.user is set on protected routes. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const user = context.switchToHttp().getRequest().user;
    // A rider's only permission is the last mile (issue 26, decision 045): a signed-in route that does not name the
    // rider refuses them, whatever else it allows (public routes stay open to anyone).
    if (user && normalizeRole(user.role) === 'rider' && !roles?.includes('rider')) {
      const open = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
      if (!open) throw new ForbiddenException(MSG.auth.forbidden);
    }
    if (!roles || roles.length === 0) return true;
    if (!user) throw new ForbiddenException(MSG.auth.forbidden);
    if (!roles.includes(normalizeRole(user.role))) throw new ForbiddenException(MSG.auth.forbidden);
    return true;
  }
}
