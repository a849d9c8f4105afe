import { useNavigate, useParams } from 'react-router';
import { useNavigation, useShow, type HttpError } from '@refinedev/core';
import { Button, Flex, Spin, Table, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import type { Delivery, DeliveryContentLine } from '@jara/contracts';
import { DELIVERIES } from './shared';
import { useContents } from './last-mile';

/** A parcel's printable packing list (issue 26): every declared line with its quantity, category and value. */
export default function PackingList() {
  const { id } = useParams();
  const { showUrl } = useNavigation();
  const navigate = useNavigate();
  const { query } = useShow<Delivery, HttpError>({ resource: DELIVERIES, id, errorNotification: false });
  const delivery = query.data?.data;
  const { contents } = useContents(delivery?.id);

  if (!delivery)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  return (
    <div>
      <Flex className="jara-no-print" wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Packing list of {delivery.tracking_no}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(showUrl(DELIVERIES, delivery.id))}>
            Back to the delivery
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            Print
          </Button>
        </Flex>
      </Flex>
      <article data-testid="packing-list" aria-label={`Packing list of ${delivery.tracking_no}`}>
        <Typography.Paragraph>
          <strong>{delivery.tracking_no}</strong> · {delivery.name || delivery.user?.name || 'Customer'} ·{' '}
          {delivery.warehouse?.name ?? ''}
          {delivery.shipping ? ` · ${delivery.shipping.name}` : ''}
        </Typography.Paragraph>
        <Table<DeliveryContentLine>
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          dataSource={contents?.lines ?? []}
          locale={{ emptyText: 'Nothing declared.' }}
          columns={[
            { title: 'Description', dataIndex: 'description' },
            { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
            { title: 'Category', dataIndex: 'category_label' },
            { title: 'Value (USD)', dataIndex: 'value', align: 'right' },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                Total declared value
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {contents?.total ?? '0.00'}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </article>
    </div>
  );
}
