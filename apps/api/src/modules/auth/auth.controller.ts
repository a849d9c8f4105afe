import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { CurrentUser, Public, Roles } from '../../common/decorators/auth.decorators';
import { AbuseLimit, bodyField } from '../../common/rate-limit/abuse-limit';
import { User } from '../users/user.entity';
import { AuthService } from './auth.service';
import { GoogleLoginDto, LoginDto, RegisterDto, ResendOtpDto, VerifyOtpDto } from '@jara/dto';

/** Every route here is public except logout. */
@ApiTags('auth')
@UseGuards(ThrottlerGuard)
@ApiTooManyRequestsResponse({
  description:
    'Too many requests from this address (AUTH_RATE_LIMIT), or too many failed attempts on this account; Retry-After says how many seconds to wait',
})
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @Public()
  @ApiOperation({ summary: 'Create a customer account and e-mail a 6-digit code' })
  register(@Body() dto: RegisterDto) {
    return this.auth.register(dto);
  }

  @Post('verify-otp')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify the e-mailed code (valid 10 minutes, single use, 5 tries)' })
  verify(@Body() dto: VerifyOtpDto) {
    return this.auth.verifyOtp(dto);
  }

  @Post('resend-otp')
  @Public()
  @AbuseLimit('code-resend', { subject: bodyField('email') })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a new sign-up code',
    description:
      "Always 200 {message: 'A new code has been sent.'}, for unknown, unverified and verified addresses alike, so the answer does not reveal accounts. " +
      'A code is actually sent only to an unverified account, at most once a minute (a too-early request sends nothing).',
  })
  resend(@Body() dto: ResendOtpDto) {
    return this.auth.resendOtp(dto);
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in with e-mail and password; answers {message, token, user, expires_in}' })
  login(@Body() dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Post('google')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Log in with a Google ID token or access token; answers as login',
    description:
      'The token must have been issued by Google to GOOGLE_CLIENT_ID (ID token: signature, issuer, expiry and aud; access token: aud/azp from ' +
      "token-info); any other is 401 'Google login failed'. 400 when Google sign-in is not configured. An unverified e-mail account with the " +
      'same address loses its password and pending code before the verified Google owner gets it.',
  })
  google(@Body() dto: GoogleLoginDto) {
    return this.auth.googleLogin(dto);
  }

  // Every role, the rider too (issue 26).
  @Roles('admin', 'vendor', 'customer', 'rider')
  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Log out everywhere: this token and every other token of the user stop working (401) at once',
  })
  logout(@CurrentUser() user: User) {
    return this.auth.logout(user);
  }
}
