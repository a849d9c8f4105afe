import { useMemo } from 'react';
import { type HttpError } from '@refinedev/core';
import { Edit, useForm } from '@refinedev/antd';
import {
  App,
  Button,
  Col,
  Form,
  Image,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
  Upload,
  type FormInstance,
  type UploadFile,
} from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { MSG, formatNaira, fromMinorUnits, toMinorUnits, type Product } from '@jara/contracts';
import { MethodOverrideProductDto } from '@jara/dto';
import { dtoMaxLength, dtoRules } from '../../components/dto-rules';
import { PRODUCT_TEXT as TEXT, STATUS_OPTIONS } from './text';

/** What the form holds. The price is the naira text as typed (exact; never a float), e.g. '15000.50'. */
interface ProductFormValues {
  description?: string;
  price?: string | null;
  average_rating?: number | null;
  status?: number;
  image_url?: string;
  image?: UploadFile[];
}

/**
 * What the API takes as multipart fields (spec: POST /products/{id} with _method=PUT, checked by
 * MethodOverrideProductDto, whose rules the form's fields use too).
 */
export interface ProductUpdateRequest {
  description?: string;
  /** Naira with at most 2 decimals, as typed ('15000.50', '15,000.50'): the DTO turns it into kobo. */
  price?: string;
  average_rating?: number;
  status?: number;
  image?: File;
  image_url?: string;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export function toProductUpdate(values: ProductFormValues, current: Product | undefined): ProductUpdateRequest {
  const payload: ProductUpdateRequest = {};
  if (values.description !== undefined) payload.description = values.description;
  // A blank price is not sent (the DTO's update leaves it as it is).
  if (values.price?.trim()) payload.price = values.price;
  if (typeof values.average_rating === 'number') payload.average_rating = values.average_rating;
  if (values.status === 0 || values.status === 1) payload.status = values.status;
  const file = values.image?.[0]?.originFileObj;
  const url = values.image_url?.trim();
  if (file) payload.image = file;
  else if (url && url !== current?.image_url) payload.image_url = url;
  return payload;
}

/** The typed naira price in exact kobo (the shared two-decimal rule of toMinorUnits), or null when unreadable. */
export function priceKobo(text: string | null | undefined): number | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  try {
    return toMinorUnits(text);
  } catch {
    return null;
  }
}

/** Exact kobo to the form's naira text: 1500000 -> '15000', 1500050 -> '15000.50'. */
export function priceText(kobo: number): string {
  return fromMinorUnits(kobo).replace(/\.00$/, '');
}

function normFile(event: { fileList?: UploadFile[] } | UploadFile[]): UploadFile[] {
  return Array.isArray(event) ? event : (event?.fileList ?? []);
}

/** The typed price as the storefront will show it (formatted from exact kobo). */
function PricePreview({ form }: { form: FormInstance | undefined }) {
  const value = Form.useWatch('price', form) as string | undefined;
  const kobo = priceKobo(value);
  return kobo === null ? null : <span data-testid="price-preview">{formatNaira(kobo)}</span>;
}

/** The product edit panel (spec 2.20): description, price, average rating, image (file or URL), status; with delete. */
export default function ProductEdit() {
  const { message } = App.useApp();
  const { formProps, saveButtonProps, query, onFinish } = useForm<Product, HttpError, ProductUpdateRequest>({
    resource: 'products',
    action: 'edit',
    redirect: 'show',
    meta: { multipart: true },
    successNotification: () => ({ message: MSG.product.updated, type: 'success' }),
    // Refine's antd notifications show `description` as the heading and `message` as the text.
    errorNotification: (error) => ({
      description: MSG.product.updateFailedShort,
      message: error?.message ?? MSG.product.updateFailedShort,
      type: 'error',
    }),
  });
  const product = query?.data?.data;
  // The record's `image` is the stored URL; the Upload field holds a file list (empty until a file is chosen).
  const initialValues = useMemo<ProductFormValues | undefined>(
    () =>
      product
        ? {
            description: product.description,
            price: priceText(product.price_kobo),
            average_rating: Number(product.average_rating),
            status: Number(product.status),
            image_url: product.image_url ?? '',
            image: [],
          }
        : undefined,
    [product],
  );

  return (
    <Edit
      goBack={false}
      isLoading={query?.isLoading}
      title={product ? `${TEXT.edit}: ${product.name}` : TEXT.edit}
      wrapperProps={{ className: 'jara-crud' }}
      saveButtonProps={saveButtonProps}
      canDelete
      deleteButtonProps={{
        confirmTitle: TEXT.deleteConfirm,
        confirmOkText: TEXT.delete,
        confirmCancelText: TEXT.cancel,
        successNotification: () => ({ message: MSG.product.deleted, type: 'success' }),
        errorNotification: (error) => ({
          description: MSG.product.deleteFailed,
          message: (error as HttpError | undefined)?.message ?? MSG.product.deleteFailed,
          type: 'error',
        }),
      }}
    >
      <Form
        {...formProps}
        initialValues={initialValues}
        layout="vertical"
        // The form holds an UploadFile list; the request takes the File itself.
        onFinish={(values) => {
          // A refused update is reported by the notification and the field errors; nothing else to do here.
          onFinish(toProductUpdate(values as unknown as ProductFormValues, product)).catch(() => undefined);
        }}
        // Server field errors clear as soon as the field is edited.
        onValuesChange={(changed: ProductFormValues) =>
          formProps.form?.setFields(
            Object.keys(changed).map((name) => ({ name: name as keyof ProductFormValues, errors: [] })),
          )
        }
      >
        <Form.Item
          label={TEXT.description}
          name="description"
          rules={dtoRules(MethodOverrideProductDto, 'description')}
        >
          <Input.TextArea rows={5} showCount maxLength={dtoMaxLength(MethodOverrideProductDto, 'description')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item
              label={TEXT.priceNaira}
              name="price"
              rules={dtoRules(MethodOverrideProductDto, 'price')}
              extra={<PricePreview form={formProps.form} />}
            >
              <Input prefix="₦" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item
              label={TEXT.averageRating}
              name="average_rating"
              rules={dtoRules(MethodOverrideProductDto, 'average_rating')}
            >
              {/* The 0-5 range is checked by the DTO's rules: InputNumber's own min/max would silently clamp or drop 5.5. */}
              <InputNumber<number>
                step={0.1}
                precision={2}
                aria-valuemin={0}
                aria-valuemax={5}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item label={TEXT.status} name="status" rules={dtoRules(MethodOverrideProductDto, 'status')}>
              <Select options={STATUS_OPTIONS} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={TEXT.currentImage}>
              {product?.image_url ? (
                <Image
                  src={product.image_card_url ?? product.image_url}
                  preview={{ src: product.image_url }}
                  alt={product.name}
                  width={160}
                  height={160}
                  style={{ objectFit: 'cover', borderRadius: 8 }}
                />
              ) : (
                <Typography.Text type="secondary">{TEXT.none}</Typography.Text>
              )}
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              label={TEXT.newImage}
              name="image"
              valuePropName="fileList"
              getValueFromEvent={normFile}
              extra={TEXT.imageHint}
            >
              <Upload
                accept={IMAGE_TYPES.join(',')}
                listType="picture"
                maxCount={1}
                beforeUpload={(file) => {
                  if (!IMAGE_TYPES.includes(file.type)) {
                    void message.error(TEXT.imageOnly);
                    return Upload.LIST_IGNORE;
                  }
                  // Keep the file in the form; it is sent with the rest on save.
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>{TEXT.chooseImage}</Button>
              </Upload>
            </Form.Item>
            <Form.Item
              label={TEXT.imageUrl}
              name="image_url"
              extra={TEXT.imageUrlHint}
              rules={dtoRules(MethodOverrideProductDto, 'image_url')}
            >
              <Input
                type="url"
                maxLength={dtoMaxLength(MethodOverrideProductDto, 'image_url')}
                inputMode="url"
                autoComplete="off"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Edit>
  );
}
