import { Body, Controller, Get, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import { AbuseLimit } from '../../common/rate-limit/abuse-limit';
import { MSG } from '@jara/contracts';
import { NotificationPreferencesDto, UpdateProfileDto } from '@jara/dto';
import { User } from './user.entity';
import { UsersService } from './users.service';

/** The signed-in user's own account (spec 7 Profile). */
@ApiTags('profile')
@ApiBearerAuth()
@Controller('user')
export class ProfileController {
  constructor(private readonly users: UsersService) {}

  // Every role, the rider too (issue 26: a rider's back office reads who is signed in).
  @Roles('admin', 'vendor', 'customer', 'rider')
  @Get()
  @ApiOperation({ summary: 'The signed-in user' })
  me(@CurrentUser() user: User) {
    return { data: this.users.present(user) };
  }

  @Post('update-profile')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Update name, phone and address; anything else is ignored',
    description:
      'The e-mail may be sent but only unchanged (the original clients send every field). A different address is refused with a 422 on ' +
      'errors.email and nothing is saved: a new address must be confirmed with a code sent to it, through POST /user/change-email.',
  })
  async update(@CurrentUser() user: User, @Body() dto: UpdateProfileDto) {
    return { message: 'Profile updated successfully', data: await this.users.updateProfile(user, dto) };
  }

  @Post('notification-preferences')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update e-mails on or off (email_updates); essential e-mails are always sent' })
  async preferences(@CurrentUser() user: User, @Body() dto: NotificationPreferencesDto) {
    return {
      message: MSG.notifications.preferencesSaved,
      data: await this.users.setEmailUpdates(user, dto.email_updates),
    };
  }

  @Post('update-profile-image')
  @HttpCode(200)
  @AbuseLimit('upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(FileInterceptor('image'))
  async updateImage(@CurrentUser() user: User, @UploadedFile() file: Express.Multer.File | undefined) {
    return { message: 'Profile image updated successfully', data: await this.users.updateImage(user, file) };
  }
}
