import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { MSG } from '@jara/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { UsersService } from '../users/users.service';
import type { User } from '../users/user.entity';

export interface JwtPayload {
  sub: number;
  role: string;
  /** The user's token_version when the token was issued; raising it (logout, password/role/status/e-mail change) ends the token. */
  ver: number;
}

/**
 * Bearer tokens signed with HS256 only (alg none or another algorithm is refused); the user is loaded fresh each
 * request, and the token's `ver` must equal the user's current token_version (a token without one is refused).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwt.secret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: JwtPayload): Promise<User> {
    const id = Number(payload?.sub);
    if (!Number.isInteger(id)) throw new UnauthorizedException(MSG.auth.unauthenticated);
    const user = await this.users.findById(id);
    if (!user || user.status !== '1' || !user.email_verified_at || payload.ver !== user.token_version) {
      throw new UnauthorizedException(MSG.auth.unauthenticated);
    }
    return user;
  }
}
