import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/auth.decorators';
import { ContactService } from '../contact/contact.service';
import { UsersService } from '../users/users.service';

/** Counts for the back-office dashboard; each domain answers for its own tables. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class DashboardController {
  constructor(
    private readonly users: UsersService,
    private readonly contact: ContactService,
  ) {}

  @Get('stats')
  @ApiOperation({ summary: 'Counts for the back-office dashboard' })
  async stats() {
    const [users, contactMessages, subscribers] = await Promise.all([
      this.users.countByRole(),
      this.contact.countMessages(),
      this.contact.countSubscribers(),
    ]);
    return { data: { users, contact_messages: contactMessages, newsletter_subscribers: subscribers } };
  }
}
