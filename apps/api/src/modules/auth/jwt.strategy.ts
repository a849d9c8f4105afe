import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
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
  /**
   * A stamp of the user's password hash when the token was issued (passwordStamp), absent for an account without a
   * password (Google only): any password change, or a first password, ends the token.
   */
  pwd?: string;
}

/** Who issues the API's tokens and who they are for (decision 017): a token of another app is refused. */
export const JWT_ISSUER = 'jara-api';
export const JWT_AUDIENCE = 'jara';

/**
 * A short HMAC of the password hash (keyed with the server secret, so the token reveals nothing of the hash): it
 * changes whenever the password does, by whatever path (the CLI's create-admin, a reset, a direct fix).
 */
export function passwordStamp(secret: string, passwordHash: string | null | undefined): string | undefined {
  if (!passwordHash) return undefined;
  return createHmac('sha256', secret).update(`pwd:${passwordHash}`).digest('base64url').slice(0, 22);
}

/** The token's stamp is the current one: both absent (no password then and now), or equal. */
function sameStamp(claim: unknown, current: string | undefined): boolean {
  if (current === undefined) return claim === undefined;
  if (typeof claim !== 'string') return false;
  const left = Buffer.from(claim);
  const right = Buffer.from(current);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Bearer tokens signed with HS256 only (alg none or another algorithm is refused), issued by this API for it
 * (`iss`/`aud`); the user is loaded fresh each request (the role claim is never trusted), the token's `ver` must
 * equal the user's current token_version (a token without one is refused) and its `pwd` the stamp of the current
 * password (absent only while the account has none); a token without an expiry is refused.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A ready secret KeyObject: given the string, jsonwebtoken first tries it as a PEM public key on every request
      // (createPublicKey, which throws) before making the secret key, a measurable share of each signed-in request.
      // The library takes a KeyObject; passport-jwt's types only name string | Buffer.
      secretOrKey: createSecretKey(Buffer.from(config.jwt.secret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  async validate(payload: JwtPayload & { exp?: unknown }): Promise<User> {
    const id = Number(payload?.sub);
    // Only expired tokens are refused by the library: one without an expiry (never issued here) would live forever.
    if (!Number.isInteger(id) || typeof payload.exp !== 'number')
      throw new UnauthorizedException(MSG.auth.unauthenticated);
    const user = await this.users.findById(id);
    if (
      !user ||
      user.status !== '1' ||
      !user.email_verified_at ||
      payload.ver !== user.token_version ||
      !sameStamp(payload.pwd, passwordStamp(this.config.jwt.secret, user.password_hash))
    ) {
      throw new UnauthorizedException(MSG.auth.unauthenticated);
    }
    return user;
  }
}
