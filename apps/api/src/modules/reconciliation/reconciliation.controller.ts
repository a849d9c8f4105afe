import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/auth.decorators';
import { presentReport } from './reconciliation.presenter';
import { ReconciliationService } from './reconciliation.service';

/** GET /admin/reconciliation (admin): the money invariants checked now, with what to do for each finding. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class ReconciliationController {
  constructor(private readonly reconciliation: ReconciliationService) {}

  @Get('reconciliation')
  @ApiOperation({ summary: 'Reconcile wallets, ledger, invoices, orders, parcels and gateway events (read only)' })
  async reconcile() {
    return { data: presentReport(await this.reconciliation.run()) };
  }
}
