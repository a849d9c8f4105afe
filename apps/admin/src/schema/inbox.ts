import type { StatusInfo } from '@jara/contracts';
import { statusOptions } from '../components/money';
import type { FilterDescription } from './types';

/**
 * The list options the admin's inboxes share (KYC submissions, support requests): newest first, 10 a page, compact
 * below md, a status select over the contracts' status table, then the inbox's own searches.
 */
export const inboxList = (
  statuses: readonly StatusInfo[],
  text: { statusFilter: string; allStatuses: string },
  searches: FilterDescription[],
) => ({
  pageSize: 10,
  sorters: { initial: [{ field: 'created_at', order: 'desc' as const }] },
  breakpoint: 'md' as const,
  filters: [
    {
      kind: 'select' as const,
      field: 'status',
      label: text.statusFilter,
      placeholder: text.allStatuses,
      options: statusOptions(statuses),
    },
    ...searches,
  ],
});
