import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ListCountsSubscriber } from '../../common/list/list-counts.subscriber';
import { Invoice } from './invoice.entity';

/** The tag of the cached invoice totals (the admin's invoices list and a user's own, their countCache). */
export const INVOICE_COUNTS = 'invoices';

/** An invoice raised (checkout, a delivery, a manual one), paid, cancelled or refunded drops the cached totals. */
@Injectable()
export class InvoiceCountsSubscriber extends ListCountsSubscriber<Invoice> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, Invoice, INVOICE_COUNTS);
  }
}
