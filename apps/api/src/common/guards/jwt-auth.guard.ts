import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { MSG } from '@jara/contracts';
import { IS_PUBLIC_KEY } from '../decorators/auth.decorators';

/** Global guard: every route needs a valid bearer token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  private isPublic(context: ExecutionContext): boolean {
    return !!this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.isPublic(context)) {
      const request = context.switchToHttp().getRequest();
      if (!request.headers?.authorization) return true;
      try {
        await super.canActivate(context);
      } catch {
        request.user = undefined;
      }
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<TUser>(err: unknown, user: TUser, _info: unknown, context: ExecutionContext): TUser {
    if (err || !user) {
      if (this.isPublic(context)) return undefined as TUser;
      throw new UnauthorizedException(MSG.auth.unauthenticated);
    }
    return user;
  }
}
