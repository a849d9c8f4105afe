import { Controller, Get, Param, ParseIntPipe, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/auth.decorators';
import type { ListQuery } from '../../common/list/list-query';
import { AuditService } from './audit.service';

/** Read-only: there is no route to edit or delete an entry. */
@ApiTags('audit')
@ApiBearerAuth()
@Roles('admin')
@Controller('audit-logs')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({
    summary:
      'Admin writes, newest first (list contract): actor_id, entity_type, entity_id, action, created_at_gte/lte; after= cursor',
  })
  list(@Query() query: ListQuery) {
    return this.audit.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One entry: who, when, what, the changed fields before and after (secrets redacted)' })
  async show(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.audit.get(id) };
  }
}
