import { Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { MSG } from '@jara/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

/**
 * Verifies a Google OAuth access token by asking Google's user-info endpoint who it belongs to.
 * The base URL is configurable (GOOGLE_USERINFO_URL) so tests run against a local fake.
 */
@Injectable()
export class GoogleClient {
  private readonly logger = new Logger('Google');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async userInfo(accessToken: string): Promise<GoogleProfile> {
    let response: Response;
    try {
      response = await fetch(this.config.google.userInfoUrl, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.google.timeoutMs),
      });
    } catch (error) {
      this.logger.warn(`User-info request failed: ${(error as Error).message}`);
      throw new UnauthorizedException(MSG.auth.googleFailed);
    }
    if (!response.ok) throw new UnauthorizedException(MSG.auth.googleFailed);
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
    const sub = typeof body?.sub === 'string' ? body.sub : '';
    const verified = body?.email_verified === true || body?.email_verified === 'true';
    if (!email || !sub) throw new UnauthorizedException(MSG.auth.googleFailed);
    if (!verified) throw new UnauthorizedException('Your Google e-mail address is not verified.');
    return {
      sub,
      email,
      email_verified: verified,
      name: typeof body?.name === 'string' ? body.name : undefined,
      picture: typeof body?.picture === 'string' ? body.picture : undefined,
    };
  }
}
