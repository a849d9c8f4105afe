import { Body, Controller, Delete, Get, Param, ParseIntPipe, Patch, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import type { ListQuery } from '../../common/list/list-query';
import { AdminUpdateUserDto } from '@jara/dto';
import { User } from './user.entity';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Roles('admin')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'List users (q searches name and e-mail; role filter; _sort name|status|email|created_at)' })
  list(@Query() query: ListQuery) {
    return this.users.list(query);
  }

  @Get(':id')
  async show(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.users.getPublic(id) };
  }

  @Put(':id')
  @ApiOperation({
    summary:
      "Update a user; only non-empty fields are applied. A change of e-mail, role or status ends the user's sessions (401)",
  })
  async update(@CurrentUser() actor: User, @Param('id', ParseIntPipe) id: number, @Body() dto: AdminUpdateUserDto) {
    return { data: await this.users.adminUpdate(actor, id, dto) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'The same partial update as PUT (Refine simple-rest sends PATCH): the fields sent' })
  patch(@CurrentUser() actor: User, @Param('id', ParseIntPipe) id: number, @Body() dto: AdminUpdateUserDto) {
    return this.update(actor, id, dto);
  }

  @Delete(':id')
  async remove(@CurrentUser() actor: User, @Param('id', ParseIntPipe) id: number) {
    await this.users.remove(actor, id);
    return { message: 'User deleted' };
  }
}
