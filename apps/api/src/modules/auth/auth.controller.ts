import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { Public } from '../../common/decorators/auth.decorators';
import { AuthService } from './auth.service';
import { GoogleLoginDto, LoginDto, RegisterDto, ResendOtpDto, VerifyOtpDto } from './dto/auth.dto';

@ApiTags('auth')
@Public()
@UseGuards(ThrottlerGuard)
@ApiTooManyRequestsResponse({ description: 'Too many requests from this address' })
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @ApiOperation({ summary: 'Create a customer account and e-mail a 6-digit code' })
  register(@Body() dto: RegisterDto) {
    return this.auth.register(dto);
  }

  @Post('verify-otp')
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify the e-mailed code (valid 10 minutes, single use, 5 tries)' })
  verify(@Body() dto: VerifyOtpDto) {
    return this.auth.verifyOtp(dto);
  }

  @Post('resend-otp')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a new code (at most once a minute; 429 when too soon)' })
  resend(@Body() dto: ResendOtpDto) {
    return this.auth.resendOtp(dto);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in with e-mail and password; answers {message, token, user, expires_in}' })
  login(@Body() dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Post('google')
  @HttpCode(200)
  @ApiOperation({ summary: "Log in with a Google access token (verified against Google's user-info endpoint)" })
  google(@Body() dto: GoogleLoginDto) {
    return this.auth.googleLogin(dto);
  }
}
