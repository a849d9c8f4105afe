import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { PROBLEM_ACTIONS, type ProblemCategorySummary, type ProblemRow } from '@jara/contracts';
import { API_URL } from '../../providers/config';
import { http, toHttpError } from '../../providers/http';

interface Page {
  data: ProblemRow[];
  meta: { total: number; page: number; per_page: number; capped?: number };
}

const countText = (c: ProblemCategorySummary) => (c.capped ? `${c.count}+` : String(c.count));

/**
 * The problem queue (issue 26): categories of parcels that need someone (stalled, unpaid, failed delivery, no owner),
 * each row with what to do and, once someone acted, who did what and when.
 */
export default function ProblemQueue() {
  const { message } = App.useApp();
  const [categories, setCategories] = useState<ProblemCategorySummary[]>([]);
  const [category, setCategory] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Page | null>(null);
  const [loading, setLoading] = useState(false);
  const [acting, setActing] = useState<ProblemRow | null>(null);
  const [form] = Form.useForm<{ action: string; note?: string }>();

  const loadCategories = useCallback(() => {
    http
      .get<{ data: ProblemCategorySummary[] }>(`${API_URL}/problems/categories`)
      .then((res) => {
        setCategories(res.data.data);
        setCategory(
          (current) => current ?? res.data.data.find((c) => c.count > 0)?.key ?? res.data.data[0]?.key ?? null,
        );
      })
      .catch((error) => message.error(toHttpError(error).message));
  }, [message]);
  const loadRows = useCallback(() => {
    if (!category) return;
    setLoading(true);
    http
      .get<Page>(`${API_URL}/problems`, { params: { category, page, per_page: 20 } })
      .then((res) => setRows(res.data))
      .catch((error) => message.error(toHttpError(error).message))
      .finally(() => setLoading(false));
  }, [category, page, message]);
  useEffect(loadCategories, [loadCategories]);
  useEffect(loadRows, [loadRows]);

  const record = async (values: { action: string; note?: string }) => {
    if (!acting) return;
    try {
      const res = await http.post<{ message: string }>(`${API_URL}/problems/actions`, {
        category: acting.category,
        delivery_id: acting.delivery.id,
        ...values,
      });
      message.success(res.data.message);
      setActing(null);
      form.resetFields();
      loadRows();
    } catch (error) {
      message.error(toHttpError(error).message);
    }
  };
  const current = categories.find((c) => c.key === category);

  return (
    <div>
      <Typography.Title level={3} className="jara-page-title">
        Problem queue
      </Typography.Title>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <label htmlFor="problem-category">Category</label>
        <Select
          id="problem-category"
          data-testid="problem-category"
          style={{ width: '100%', maxWidth: 520 }}
          value={category ?? undefined}
          onChange={(value) => {
            setCategory(value);
            setPage(1);
          }}
          options={categories.map((c) => ({ value: c.key, label: `${c.label} (${countText(c)})` }))}
        />
        {current && (
          <Typography.Paragraph style={{ margin: 0 }}>
            <strong>What to do:</strong> {current.action}
          </Typography.Paragraph>
        )}
        <Table<ProblemRow>
          data-testid="problem-table"
          rowKey={(r) => `${r.category}-${r.delivery.id}`}
          loading={loading}
          dataSource={rows?.data ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: 'No parcel in this category.' }}
          pagination={{
            current: page,
            pageSize: 20,
            total: rows?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              title: 'Tracking No',
              render: (_, r) => (
                <Link to={`/deliveries/${r.delivery.id}`} className="jara-num">
                  {r.delivery.tracking_no}
                </Link>
              ),
            },
            { title: 'Customer', render: (_, r) => r.delivery.name ?? 'No account' },
            { title: 'Status', render: (_, r) => <Tag>{r.delivery.status_label}</Tag> },
            { title: 'Problem', dataIndex: 'detail' },
            { title: 'Since', render: (_, r) => new Date(r.since).toLocaleString('en-GB') },
            {
              title: 'Last action',
              render: (_, r) =>
                r.last_action ? (
                  <span data-testid="problem-last-action">
                    {r.last_action.label} · {r.last_action.by ?? 'Staff'} ·{' '}
                    {new Date(r.last_action.at).toLocaleString('en-GB')}
                    {r.last_action.note ? ` · ${r.last_action.note}` : ''}
                  </span>
                ) : (
                  <Typography.Text type="secondary">None yet</Typography.Text>
                ),
            },
            {
              title: 'Action',
              render: (_, r) => (
                <Button onClick={() => setActing(r)} aria-label={`Record action for ${r.delivery.tracking_no}`}>
                  Record action
                </Button>
              ),
            },
          ]}
        />
      </Space>
      <Modal
        open={!!acting}
        title={acting ? `What did you do about ${acting.delivery.tracking_no}?` : ''}
        onCancel={() => setActing(null)}
        onOk={() => form.submit()}
        okText="Save"
        destroyOnClose
      >
        <Form form={form} layout="vertical" onFinish={(v) => void record(v)} requiredMark={false}>
          <Form.Item label="Action" name="action" rules={[{ required: true, message: 'Choose what you did.' }]}>
            <Select options={PROBLEM_ACTIONS.map((a) => ({ value: a.value, label: a.label }))} />
          </Form.Item>
          <Form.Item label="Note" name="note">
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
