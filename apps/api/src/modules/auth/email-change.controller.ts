import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/auth.decorators';
import { User } from '../users/user.entity';
import { AuthService } from './auth.service';
import { ChangeEmailDto, ConfirmEmailDto } from '@jara/dto';

/**
 * The signed-in user's e-mail change (profile routes, served by the auth module because they use its codes and
 * tokens): the new address is confirmed with a code sent to it before it replaces the old one.
 */
@ApiTags('profile')
@ApiBearerAuth()
@Controller('user')
export class EmailChangeController {
  constructor(private readonly auth: AuthService) {}

  @Post('change-email')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start an e-mail change: a 6-digit code goes to the new address',
    description:
      'The current address stays in force until the code is confirmed (POST /user/confirm-email); the code is valid 10 minutes, 5 tries, single use. ' +
      '422 on errors.email when the address is taken or already yours; 429 when a new code is asked within a minute of the last one.',
  })
  change(@CurrentUser() user: User, @Body() dto: ChangeEmailDto) {
    return this.auth.requestEmailChange(user, dto);
  }

  @Post('confirm-email')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm the new e-mail address with its code; answers {message, data: user, token, expires_in}',
    description:
      'The address is swapped in atomically and every other session of the user ends: use the fresh token of the answer. ' +
      '422 on errors.otp for a wrong, expired or dead code (or no open change); 422 on errors.email when the address was taken meanwhile.',
  })
  confirm(@CurrentUser() user: User, @Body() dto: ConfirmEmailDto) {
    return this.auth.confirmEmailChange(user, dto);
  }
}
