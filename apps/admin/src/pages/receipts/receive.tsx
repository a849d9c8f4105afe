import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Space, Tag, Typography, type InputRef } from 'antd';
import { formatDollars, type ParcelMeasure } from '@jara/contracts';
import { API_URL } from '../../providers/config';
import { http, toHttpError } from '../../providers/http';
import { PageTitle } from '../../components/page-title';
import { MeasureForm } from './measure-form';

/**
 * Warehouse receipt (issue 26): a phone-width screen. The scan field has the focus: a scanner types the tracking or
 * courier number and sends Enter, which finds the parcel; then staff enter the measures and photos. After a receipt
 * the scan field is ready for the next parcel.
 */
export default function ReceivePage() {
  const scanRef = useRef<InputRef>(null);
  const [scan, setScan] = useState('');
  const [found, setFound] = useState<ParcelMeasure | null>(null);
  const [done, setDone] = useState<ParcelMeasure | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => scanRef.current?.focus(), [found]);

  const lookup = async () => {
    const no = scan.trim();
    if (!no) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const res = await http.get<{ data: ParcelMeasure }>(`${API_URL}/receipts/find`, { params: { no } });
      setFound(res.data.data);
    } catch (e) {
      setFound(null);
      setError(toHttpError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ maxWidth: 560 }}>
      <PageTitle>Receive parcel</PageTitle>
      <Card size="small">
        <label htmlFor="scan-no">
          <Typography.Text strong>Scan or type the tracking or courier number</Typography.Text>
        </label>
        <Input.Search
          id="scan-no"
          ref={scanRef}
          autoFocus
          size="large"
          enterButton="Find"
          value={scan}
          loading={busy}
          autoComplete="off"
          onChange={(e) => setScan(e.target.value)}
          onSearch={lookup}
          style={{ marginTop: 8 }}
        />
        {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} role="alert" /> : null}
        {done ? (
          <Alert
            type="success"
            showIcon
            style={{ marginTop: 12 }}
            message={`Receipt recorded for ${done.tracking_no}`}
            description={
              done.measure_status === 'pending_acceptance'
                ? 'The measure differs from what the customer declared: they are asked to accept it before the fee is invoiced.'
                : done.fee_minor !== null
                  ? `Fee ${formatDollars(done.fee_minor)}`
                  : undefined
            }
          />
        ) : null}
      </Card>
      {found ? (
        <Card size="small" style={{ marginTop: 16 }} title={found.tracking_no}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="Declared weight">
              {found.declared.weight ? `${found.declared.weight} kg` : 'Not declared'}
            </Descriptions.Item>
            <Descriptions.Item label="Declared size">
              {found.declared.length_cm
                ? `${found.declared.length_cm} x ${found.declared.width_cm} x ${found.declared.height_cm} cm`
                : 'Not declared'}
            </Descriptions.Item>
            <Descriptions.Item label="Measure">
              <Tag>{found.measure_status_label}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <Space direction="vertical" style={{ width: '100%' }}>
            <MeasureForm<ParcelMeasure>
              path="receipts"
              extra={{ scanned_no: found.tracking_no }}
              submitLabel="Record receipt"
              onDone={(data) => {
                setDone(data);
                setFound(null);
                setScan('');
              }}
            />
            <Button block onClick={() => setFound(null)}>
              Cancel
            </Button>
          </Space>
        </Card>
      ) : null}
    </div>
  );
}
