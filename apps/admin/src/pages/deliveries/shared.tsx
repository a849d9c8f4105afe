import { useCallback } from 'react';
import { useInvalidate, type HttpError } from '@refinedev/core';
import { Space, Tag, Typography } from 'antd';
import {
  DELIVERY_STATUSES,
  deliveryStatusDetailLabel,
  deliveryStatusLabel,
  formatDollars,
  type Delivery,
  type StatusTone,
} from '@jara/contracts';
import { TONE_COLOR } from '../../components/money';
import { fieldError } from '../../providers/http';
import { PAYMENT_TONES, paymentLabel } from './text';

/** Refine's resource identifiers of GET /trackings (providers/resources.tsx): the deliveries and the tracking table. */
export const DELIVERIES = 'deliveries';
export const TRACKING_TABLE = 'tracking-table';

/** One record or a write's answer: `{data, message}`. */
export interface DeliveryAnswer {
  data: Delivery;
  message?: string;
}

function toneOf(status: unknown): StatusTone {
  return DELIVERY_STATUSES.find((s) => String(s.code) === String(status))?.tone ?? 'default';
}

/** A delivery status as a tag: the detail label ('Pending' for an unknown code), or the tracking table's ('Unknown'). */
export function DeliveryStatusTag({ status, table = false }: { status: unknown; table?: boolean }) {
  return (
    <Tag color={TONE_COLOR[toneOf(status)]} style={{ marginInlineEnd: 0 }}>
      {table ? deliveryStatusLabel(status) : deliveryStatusDetailLabel(status)}
    </Tag>
  );
}

/** The Payment column: Not Available / Unpaid / Paid / Cancelled, plus the fee when there is one. */
export function PaymentCell({
  delivery,
  inline = false,
}: {
  delivery: Pick<Delivery, 'payment_status' | 'amount_minor'>;
  inline?: boolean;
}) {
  const tone = PAYMENT_TONES[delivery.payment_status] ?? 'default';
  return (
    <Space direction={inline ? 'horizontal' : 'vertical'} size={inline ? 6 : 2} data-testid="delivery-payment">
      <Tag color={TONE_COLOR[tone]} style={{ marginInlineEnd: 0 }}>
        {paymentLabel(delivery.payment_status)}
      </Tag>
      {delivery.amount_minor !== null && delivery.amount_minor !== undefined && delivery.amount_minor > 0 && (
        <Typography.Text className="jara-num">{formatDollars(delivery.amount_minor)}</Typography.Text>
      )}
    </Space>
  );
}

/** Refetches every view of deliveries after a write (the list, the detail, the tracking table). */
export function useDeliveryRefresh() {
  const invalidate = useInvalidate();
  return useCallback(
    (id?: number) => {
      void invalidate({ resource: DELIVERIES, invalidates: id === undefined ? ['list'] : ['list', 'detail'], id });
      void invalidate({ resource: TRACKING_TABLE, invalidates: ['list'] });
    },
    [invalidate],
  );
}

/** The message of a refused write: a field's first error, else the API's message, else `fallback`. */
export function refusal(error: HttpError | null | undefined, fallback: string, field?: string): string {
  return (field ? fieldError(error, field) : undefined) ?? error?.message ?? fallback;
}
