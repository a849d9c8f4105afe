import { Inject, Injectable, Logger } from '@nestjs/common';
import { OAuth2Client, type OAuth2ClientOptions } from 'google-auth-library';
import { MSG } from '@jara/contracts';
import { RefusedError, UnauthorizedError } from '../../common/errors';
import { APP_CONFIG, type AppConfig } from '../../config/config';

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface GoogleTokens {
  id_token?: string;
  access_token?: string;
}

/** Google's endpoints under one base URL with Google's own paths (GOOGLE_OAUTH_BASE_URL: tests and local fakes). */
function googleEndpoints(baseUrl: string): OAuth2ClientOptions['endpoints'] {
  return {
    oauth2AuthBaseUrl: `${baseUrl}/o/oauth2/v2/auth`,
    oauth2TokenUrl: `${baseUrl}/token`,
    tokenInfoUrl: `${baseUrl}/tokeninfo`,
    oauth2FederatedSignonPemCertsUrl: `${baseUrl}/oauth2/v1/certs`,
    oauth2FederatedSignonJwkCertsUrl: `${baseUrl}/oauth2/v3/certs`,
  };
}

/**
 * Proves who a Google token belongs to, and that it was issued to this application (GOOGLE_CLIENT_ID):
 * - an ID token is verified by google-auth-library (RS256 signature against Google's published keys, issuer,
 *   expiry, and `aud` equal to our client id; a present `azp` must be ours too);
 * - an access token is checked with Google's token-info endpoint, whose `aud` (and `azp`) must be our client id.
 * A token Google issued to any other site is refused, so a site the user signed into cannot sign in here as them.
 * Without GOOGLE_CLIENT_ID, Google sign-in is off (400): no audience is ever accepted by default.
 */
@Injectable()
export class GoogleClient {
  private readonly logger = new Logger('Google');
  private readonly oauth: OAuth2Client;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { baseUrl, clientId, timeoutMs } = config.google;
    this.oauth = new OAuth2Client({
      clientId: clientId ?? undefined,
      endpoints: baseUrl ? googleEndpoints(baseUrl) : undefined,
      // Node's own fetch: gaxios would otherwise import node-fetch dynamically, which is one more HTTP client
      // (and fails under the test runner's module loader).
      transporterOptions: { timeout: timeoutMs, fetchImplementation: fetch },
    });
  }

  /** The Google account behind an ID token (checked first when both are sent) or an access token. */
  async verify(tokens: GoogleTokens): Promise<GoogleProfile> {
    const clientId = this.config.google.clientId;
    if (!clientId) throw new RefusedError(MSG.auth.googleNotConfigured);
    let claims: Record<string, unknown>;
    try {
      claims = tokens.id_token
        ? await this.idTokenClaims(tokens.id_token, clientId)
        : await this.accessTokenClaims(tokens.access_token ?? '', clientId);
    } catch (error) {
      // The library's messages may carry the token or its claims: log only their first words.
      this.logger.warn(
        `Google token refused: ${String((error as Error)?.message ?? error)
          .split(':')[0]
          .slice(0, 120)}`,
      );
      throw new UnauthorizedError(MSG.auth.googleFailed);
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const sub = typeof claims.sub === 'string' ? claims.sub : '';
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email || !sub) throw new UnauthorizedError(MSG.auth.googleFailed);
    if (!verified) throw new UnauthorizedError(MSG.auth.googleEmailNotVerified);
    return {
      sub,
      email,
      email_verified: true,
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : undefined,
    };
  }

  private async idTokenClaims(idToken: string, clientId: string): Promise<Record<string, unknown>> {
    const ticket = await this.oauth.verifyIdToken({ idToken, audience: clientId });
    const payload = ticket.getPayload();
    if (!payload) throw new Error('ID token without a payload');
    if (payload.azp && payload.azp !== clientId) throw new Error('ID token presented by another client');
    return payload as unknown as Record<string, unknown>;
  }

  private async accessTokenClaims(accessToken: string, clientId: string): Promise<Record<string, unknown>> {
    if (!accessToken) throw new Error('No token');
    const info = await this.oauth.getTokenInfo(accessToken);
    if (info.aud !== clientId || (info.azp && info.azp !== clientId))
      throw new Error('Access token issued to another client');
    if (!(info.expiry_date > Date.now())) throw new Error('Access token expired');
    return info as unknown as Record<string, unknown>;
  }
}
