import { useNavigation, useShow, type HttpError } from '@refinedev/core';
import { DeleteButton, EditButton, Show } from '@refinedev/antd';
import { Alert, Descriptions, Grid, Image, Space, Tag, Typography } from 'antd';
import { StarFilled } from '@ant-design/icons';
import {
  MSG,
  activeLabel,
  formatLongDateTime,
  formatNaira,
  isActive,
  percentOffLabel,
  productPricing,
  productTypeLabel,
  type Product,
} from '@jara/contracts';
import { PRODUCT_TEXT as TEXT } from './text';

function orNone(value: string | number | null | undefined) {
  return value === null || value === undefined || value === '' ? TEXT.none : value;
}

/** One product with every field (spec 2.20), with Edit and Delete. */
export default function ProductShow() {
  const { list } = useNavigation();
  const screens = Grid.useBreakpoint();
  const { query, result: product } = useShow<Product, HttpError>({ resource: 'products', errorNotification: false });

  return (
    <Show
      goBack={false}
      isLoading={query.isLoading}
      title={product?.name ?? TEXT.title}
      wrapperProps={{ className: 'jara-crud' }}
      headerButtons={({ editButtonProps }) => (
        <Space wrap>
          <EditButton {...editButtonProps} />
          <DeleteButton
            recordItemId={product?.id}
            resource="products"
            confirmTitle={TEXT.deleteConfirm}
            confirmOkText={TEXT.delete}
            confirmCancelText={TEXT.cancel}
            successNotification={() => ({ message: MSG.product.deleted, type: 'success' })}
            errorNotification={(error) => ({
              description: MSG.product.deleteFailed,
              message: (error as HttpError | undefined)?.message ?? MSG.product.deleteFailed,
              type: 'error',
            })}
            onSuccess={() => list('products')}
          />
        </Space>
      )}
    >
      {query.isError ? (
        <Alert type="error" showIcon message={MSG.product.loadFailed} description={query.error?.message} />
      ) : product ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {product.image_url && (
            <Image
              src={product.image_card_url ?? product.image_url}
              preview={{ src: product.image_url }}
              alt={product.name}
              width={screens.sm ? 240 : '100%'}
              style={{ maxWidth: 320, aspectRatio: '1', objectFit: 'cover', borderRadius: 8 }}
            />
          )}
          <Descriptions
            bordered
            size="small"
            column={screens.lg ? 2 : 1}
            layout={screens.sm ? 'horizontal' : 'vertical'}
          >
            <Descriptions.Item label="ID">{product.id}</Descriptions.Item>
            <Descriptions.Item label={TEXT.name}>{product.name}</Descriptions.Item>
            <Descriptions.Item label={TEXT.category}>{orNone(product.category?.name)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.seller}>{orNone(product.seller?.name)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.type}>
              {product.type_label || productTypeLabel(product.type)}
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.status}>
              <Tag color={isActive(product.status) ? 'success' : 'default'}>{activeLabel(product.status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.price}>{formatNaira(product.price_kobo)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.averageRating}>
              <Space size={4}>
                <StarFilled style={{ color: '#faad14' }} />
                {Number(product.average_rating ?? 0).toFixed(2)}
                <Typography.Text type="secondary">
                  ({product.review_count ?? 0} {TEXT.reviews.toLowerCase()})
                </Typography.Text>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.sku}>{orNone(product.sku)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.stock}>{orNone(product.stock_quantity)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.weight}>{orNone(product.weight)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.dimensions}>{orNone(product.dimensions)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.discount}>
              {(() => {
                const pricing = productPricing(product);
                return pricing.percentOff !== null && pricing.compareAt !== null
                  ? `${percentOffLabel(pricing.percentOff)} (previous price ${formatNaira(pricing.compareAt)})`
                  : orNone(null);
              })()}
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.flashStart}>
              {orNone(formatLongDateTime(product.flash_start_at))}
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.flashEnd}>
              {orNone(formatLongDateTime(product.flash_end_at))}
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.created}>{orNone(formatLongDateTime(product.created_at))}</Descriptions.Item>
            <Descriptions.Item label={TEXT.updated}>{orNone(formatLongDateTime(product.updated_at))}</Descriptions.Item>
            <Descriptions.Item label={TEXT.description} span={screens.lg ? 2 : 1}>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>
                {product.description}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
        </Space>
      ) : null}
    </Show>
  );
}
