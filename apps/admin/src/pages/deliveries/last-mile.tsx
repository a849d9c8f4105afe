import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  CONTENT_CATEGORIES,
  LAST_MILE_KINDS,
  type Delivery,
  type DeliveryContentLine,
  type ProofOfDelivery,
} from '@jara/contracts';
import { SectionCard } from '../../components/record-show';
import { API_URL } from '../../providers/config';
import { http, toHttpError } from '../../providers/http';

/** Issue 26 in the back office: a parcel's declared contents, its rider, its proof of delivery, its title's manifest. */

export interface ContentsAnswer {
  lines: DeliveryContentLine[];
  total_cents: number;
  total: string;
}

/** An API path the API answered ('/api/v1/...'), as a URL of the configured API. */
export function apiUrl(path: string): string {
  return `${API_URL}${path.replace(/^\/api\/v1/, '')}`;
}

/** A private image (bearer token) as an object URL for an <img>. */
export function PrivateImage({ path, alt, height = 120 }: { path: string; alt: string; height?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    http
      .get(apiUrl(path), { responseType: 'blob' })
      .then((res) => {
        url = URL.createObjectURL(res.data as Blob);
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return src ? (
    <img src={src} alt={alt} style={{ height, maxWidth: '100%', border: '1px solid #d9d9d9', borderRadius: 4 }} />
  ) : (
    <Typography.Text type="secondary">{alt}</Typography.Text>
  );
}

/** Downloads a file the API serves to staff only (the token goes in the header, not the URL). */
export async function download(path: string, name: string): Promise<void> {
  const res = await http.get(`${API_URL}${path}`, { responseType: 'blob' });
  const url = URL.createObjectURL(res.data as Blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useContents(id: number | undefined) {
  const [contents, setContents] = useState<ContentsAnswer | null>(null);
  const reload = () => {
    if (!id) return;
    http
      .get<{ data: ContentsAnswer }>(`${API_URL}/trackings/${id}/contents`)
      .then((res) => setContents(res.data.data))
      .catch(() => setContents(null));
  };
  useEffect(reload, [id]);
  return { contents, reload };
}

interface FormLine {
  description?: string;
  quantity?: number;
  value?: string;
  category?: string;
}

function ContentsCard({ delivery }: { delivery: Delivery }) {
  const { message } = App.useApp();
  const { contents, reload } = useContents(delivery.id);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ lines: FormLine[] }>();

  const save = async (values: { lines: FormLine[] }) => {
    setSaving(true);
    try {
      await http.put(`${API_URL}/trackings/${delivery.id}/contents`, { contents: values.lines ?? [] });
      message.success('Contents saved.');
      setEditing(false);
      reload();
    } catch (error) {
      const e = toHttpError(error);
      const errors = (e.errors ?? {}) as Record<string, string[]>;
      form.setFields(
        Object.entries(errors)
          .map(([key, messages]) => {
            const m = /^contents\.(\d+)\.(\w+)$/.exec(key);
            return m ? { name: ['lines', Number(m[1]), m[2]], errors: messages } : null;
          })
          .filter((f) => f !== null) as unknown as Parameters<typeof form.setFields>[0],
      );
      message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SectionCard title="Declared contents">
      {!editing ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Table<DeliveryContentLine>
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            dataSource={contents?.lines ?? []}
            locale={{ emptyText: 'Nothing declared yet.' }}
            scroll={{ x: true }}
            columns={[
              { title: 'Description', dataIndex: 'description' },
              { title: 'Qty', dataIndex: 'quantity', align: 'right' },
              { title: 'Category', dataIndex: 'category_label' },
              { title: 'Value (USD)', dataIndex: 'value', align: 'right' },
            ]}
            summary={() =>
              contents?.lines.length ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>
                    Total declared
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <span className="jara-num">{contents.total}</span>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
          />
          <Space wrap>
            <Button
              onClick={() => {
                form.setFieldsValue({
                  lines: (contents?.lines ?? []).map((l) => ({
                    description: l.description,
                    quantity: l.quantity,
                    value: l.value,
                    category: l.category,
                  })),
                });
                setEditing(true);
              }}
            >
              Edit contents
            </Button>
            <Link to={`/deliveries/${delivery.id}/packing-list`}>
              <Button icon={<PrinterOutlined />}>Packing list</Button>
            </Link>
          </Space>
        </Space>
      ) : (
        <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} wrap align="start" style={{ marginBottom: 8 }}>
                    <Form.Item name={[field.name, 'description']} label="Description" style={{ minWidth: 180 }}>
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'quantity']} label="Qty">
                      <InputNumber min={1} precision={0} style={{ width: 80 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} label="Value (USD)">
                      <Input inputMode="decimal" style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'category']} label="Category">
                      <Select
                        style={{ width: 190 }}
                        options={CONTENT_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
                      />
                    </Form.Item>
                    <Button
                      aria-label="Remove this line"
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Space>
                ))}
                <Space wrap>
                  <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1, category: 'other' })}>
                    Add a line
                  </Button>
                  <Button type="primary" htmlType="submit" loading={saving}>
                    Save contents
                  </Button>
                  <Button onClick={() => setEditing(false)}>Cancel</Button>
                </Space>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </SectionCard>
  );
}

function RiderCard({ delivery, onChanged }: { delivery: Delivery; onChanged: () => void }) {
  const { message } = App.useApp();
  const [riders, setRiders] = useState<Array<{ id: number; name: string | null; email: string }>>([]);
  const [proof, setProof] = useState<ProofOfDelivery[]>([]);
  useEffect(() => {
    http
      .get<{ data: typeof riders }>(`${API_URL}/riders`)
      .then((res) => setRiders(res.data.data))
      .catch(() => setRiders([]));
    http
      .get<{ data: ProofOfDelivery[] }>(`${API_URL}/trackings/${delivery.id}/pod`)
      .then((res) => setProof(res.data.data))
      .catch(() => setProof([]));
  }, [delivery.id]);
  const assign = async (riderId: number | null) => {
    try {
      await http.put(`${API_URL}/trackings/${delivery.id}/rider`, { rider_id: riderId });
      message.success('Rider assigned.');
      onChanged();
    } catch (error) {
      message.error(toHttpError(error).message);
    }
  };
  return (
    <SectionCard title="Last mile">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {LAST_MILE_KINDS.find((k) => k.value === delivery.last_mile)?.label ?? delivery.last_mile}
        </Typography.Text>
        <label htmlFor="rider-select">Rider</label>
        <Select
          id="rider-select"
          allowClear
          placeholder="Choose a rider"
          style={{ width: '100%', maxWidth: 320 }}
          value={delivery.rider_id ?? undefined}
          onChange={(value) => void assign(value ?? null)}
          options={riders.map((r) => ({ value: r.id, label: r.name || r.email }))}
        />
        {proof.map((p, i) => (
          <div key={i} data-testid="admin-pod" style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
            <Typography.Text strong>
              {p.outcome === 'delivered' ? `Delivered to ${p.recipient_name}` : `Failed: ${p.reason_label}`}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {new Date(p.at).toLocaleString('en-GB')} · {p.rider?.name ?? 'Rider'}
              </Typography.Text>
            </div>
            <Space wrap>
              {p.photo_url && <PrivateImage path={p.photo_url} alt="Photo of the delivered parcel" />}
              {p.signature_url && <PrivateImage path={p.signature_url} alt="Recipient's signature" height={80} />}
            </Space>
          </div>
        ))}
      </Space>
    </SectionCard>
  );
}

function ManifestCard({ delivery }: { delivery: Delivery }) {
  const { message } = App.useApp();
  const shipping = delivery.shipping;
  if (!shipping) return null;
  const get = (kind: 'csv' | 'pdf') =>
    download(`/shippings/${shipping.id}/manifest.${kind}`, `manifest-${shipping.id}.${kind}`).catch((error) =>
      message.error(toHttpError(error).message),
    );
  return (
    <SectionCard title={`Manifest of ${shipping.name}`}>
      <Space wrap>
        <Button icon={<DownloadOutlined />} onClick={() => void get('csv')}>
          Manifest CSV
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void get('pdf')}>
          Manifest PDF
        </Button>
      </Space>
    </SectionCard>
  );
}

export function LastMilePanels({ delivery, onChanged }: { delivery: Delivery; onChanged: () => void }) {
  return (
    <>
      <ContentsCard delivery={delivery} />
      <RiderCard delivery={delivery} onChanged={onChanged} />
      <ManifestCard delivery={delivery} />
    </>
  );
}
