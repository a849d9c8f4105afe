import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Card, Empty, Flex, Form, Input, Select, Space, Spin, Tag, Typography } from 'antd';
import { DELIVERY_FAILURE_REASONS, RIDER_MSG, type RiderParcel } from '@jara/contracts';
import { API_URL } from '../../providers/config';
import { http, toHttpError } from '../../providers/http';

interface RiderList {
  data: RiderParcel[];
  meta: { total: number; page: number; per_page: number };
  today: RiderParcel[];
}

/** A drawn signature: a canvas the finger or mouse writes on; `toPng` answers it as a PNG file (null when blank). */
function SignaturePad({
  padRef,
}: {
  padRef: React.MutableRefObject<{ toPng: () => Promise<Blob | null>; clear: () => void } | null>;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(false);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const clear = () => {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, c.width, c.height);
      drawn.current = false;
    };
    clear();
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#111111';
    let down = false;
    const at = (e: PointerEvent) => {
      const r = c.getBoundingClientRect();
      return [((e.clientX - r.left) * c.width) / r.width, ((e.clientY - r.top) * c.height) / r.height] as const;
    };
    const start = (e: PointerEvent) => {
      down = true;
      c.setPointerCapture(e.pointerId);
      const [x, y] = at(e);
      ctx.beginPath();
      ctx.moveTo(x, y);
    };
    const move = (e: PointerEvent) => {
      if (!down) return;
      const [x, y] = at(e);
      ctx.lineTo(x, y);
      ctx.stroke();
      drawn.current = true;
    };
    const end = () => (down = false);
    c.addEventListener('pointerdown', start);
    c.addEventListener('pointermove', move);
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
    padRef.current = {
      clear,
      toPng: () => new Promise((resolve) => (drawn.current ? c.toBlob((b) => resolve(b), 'image/png') : resolve(null))),
    };
    return () => {
      c.removeEventListener('pointerdown', start);
      c.removeEventListener('pointermove', move);
      c.removeEventListener('pointerup', end);
      c.removeEventListener('pointercancel', end);
    };
  }, [padRef]);
  return (
    <canvas
      ref={canvas}
      width={600}
      height={220}
      data-testid="signature-pad"
      aria-label="Signature: the recipient signs here with a finger"
      role="img"
      style={{ width: '100%', height: 150, border: '1px solid #8c8c8c', borderRadius: 6, touchAction: 'none' }}
    />
  );
}

function AttemptForm({ parcel, onDone }: { parcel: RiderParcel; onDone: () => void }) {
  const { message } = App.useApp();
  const [mode, setMode] = useState<'delivered' | 'failed' | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const pad = useRef<{ toPng: () => Promise<Blob | null>; clear: () => void } | null>(null);
  const photo = useRef<HTMLInputElement>(null);
  const [form] = Form.useForm<{ recipient_name?: string; reason?: string }>();

  const submit = async (values: { recipient_name?: string; reason?: string }) => {
    const body = new FormData();
    body.append('outcome', mode ?? '');
    if (mode === 'delivered') {
      body.append('recipient_name', values.recipient_name ?? '');
      const file = photo.current?.files?.[0];
      if (file) body.append('photo', file);
      const signature = await pad.current?.toPng();
      if (signature) body.append('signature', signature, 'signature.png');
    } else body.append('reason', values.reason ?? '');
    setSaving(true);
    try {
      const res = await http.post<{ message: string }>(`${API_URL}/rider/parcels/${parcel.id}/attempts`, body);
      message.success(res.data.message);
      setErrors({});
      onDone();
    } catch (error) {
      const e = toHttpError(error);
      setErrors((e.errors ?? {}) as Record<string, string[]>);
      message.error(e.message);
    } finally {
      setSaving(false);
    }
  };
  const err = (field: string) =>
    errors[field] ? (
      <Typography.Text type="danger" role="alert">
        {errors[field][0]}
      </Typography.Text>
    ) : null;

  if (!mode)
    return (
      <Flex gap={8} wrap>
        <Button type="primary" size="large" onClick={() => setMode('delivered')}>
          Delivered
        </Button>
        <Button danger size="large" onClick={() => setMode('failed')}>
          Could not deliver
        </Button>
      </Flex>
    );
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
      {mode === 'delivered' ? (
        <>
          <Form.Item label="Recipient's name" name="recipient_name">
            <Input size="large" autoComplete="off" maxLength={120} />
          </Form.Item>
          {err('recipient_name')}
          <div style={{ marginBottom: 12 }}>
            <label htmlFor={`photo-${parcel.id}`}>Photo of the parcel at the door</label>
            <input
              id={`photo-${parcel.id}`}
              ref={photo}
              type="file"
              accept="image/*"
              capture="environment"
              style={{ display: 'block', marginTop: 6 }}
            />
            {err('photo')}
          </div>
          <div style={{ marginBottom: 12 }}>
            <Flex justify="space-between" align="center">
              <span>Signature</span>
              <Button size="small" onClick={() => pad.current?.clear()}>
                Clear
              </Button>
            </Flex>
            <SignaturePad padRef={pad} />
            {err('signature')}
          </div>
        </>
      ) : (
        <>
          <Form.Item label="Reason" name="reason">
            <Select size="large" options={DELIVERY_FAILURE_REASONS.map((r) => ({ value: r.value, label: r.label }))} />
          </Form.Item>
          {err('reason')}
        </>
      )}
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        <Button type="primary" size="large" htmlType="submit" loading={saving}>
          {mode === 'delivered' ? 'Save delivery' : 'Save failed attempt'}
        </Button>
        <Button size="large" onClick={() => setMode(null)}>
          Cancel
        </Button>
      </Flex>
    </Form>
  );
}

function ParcelCard({ parcel, onDone }: { parcel: RiderParcel; onDone?: () => void }) {
  return (
    <Card size="small" data-testid="rider-parcel" title={<span className="jara-num">{parcel.tracking_no}</span>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text strong>{parcel.recipient ?? 'Customer'}</Typography.Text>
        {parcel.phone && <a href={`tel:${parcel.phone}`}>{parcel.phone}</a>}
        <Typography.Text>
          {parcel.last_mile === 'pickup' ? 'Pickup at ' : ''}
          {parcel.destination ?? 'No address on the account: call the customer'}
        </Typography.Text>
        <Typography.Text type="secondary">
          {parcel.contents_count} declared {parcel.contents_count === 1 ? 'line' : 'lines'}
        </Typography.Text>
        {parcel.attempt && (
          <Tag color={parcel.attempt.outcome === 'delivered' ? 'green' : 'red'}>
            {parcel.attempt.outcome === 'delivered' ? 'Delivered' : `Failed: ${parcel.attempt.reason_label}`}
          </Tag>
        )}
        {onDone && <AttemptForm parcel={parcel} onDone={onDone} />}
      </Space>
    </Card>
  );
}

/**
 * The rider's phone page (issue 26): the parcels assigned to them that wait for delivery, each with its delivered
 * (name, photo, signature) or failed (reason) form, and what they did today. Usable at 390 px.
 */
export default function RiderPage() {
  const [list, setList] = useState<RiderList | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(() => {
    http
      .get<RiderList>(`${API_URL}/rider/parcels?per_page=50`)
      .then((res) => {
        setList(res.data);
        setFailed(null);
      })
      .catch((error) => setFailed(toHttpError(error).message));
  }, []);
  useEffect(load, [load]);

  return (
    <div style={{ maxWidth: 560, margin: '0 auto' }}>
      <Typography.Title level={3} className="jara-page-title">
        My deliveries
      </Typography.Title>
      {failed && <Typography.Text type="danger">{failed}</Typography.Text>}
      {!list && !failed && <Spin />}
      {list && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text>
            {list.meta.total} {list.meta.total === 1 ? 'parcel' : 'parcels'} to deliver
          </Typography.Text>
          {list.data.length === 0 && <Empty description="Nothing left to deliver." />}
          {list.data.map((p) => (
            <ParcelCard key={p.id} parcel={p} onDone={load} />
          ))}
          {list.today.length > 0 && (
            <>
              <Typography.Title level={4}>Done today</Typography.Title>
              {list.today.map((p) => (
                <ParcelCard key={`t${p.id}`} parcel={p} />
              ))}
            </>
          )}
        </Space>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {RIDER_MSG.photoRequired} {RIDER_MSG.signatureRequired}
      </Typography.Paragraph>
    </div>
  );
}
