import { useCreate, useUpdate, type HttpError } from '@refinedev/core';
import { Button, Card, Flex, Form, Input } from 'antd';
import { CURRENCY_CODE_MAX, MSG, RATE_DECIMALS, parseDecimal, type Currency } from '@jara/contracts';
import { fieldError } from '../../providers/http';
import { CURRENCY_TEXT as TEXT, type CurrencyRequest } from './text';

const FIELDS = ['name', 'code', 'buy_price', 'sell_price'] as const;

/** A price is a positive decimal of at most RATE_DECIMALS places (spec: 'Buy and Sell prices must be positive numbers'). */
async function checkPrice(_: unknown, value: string | undefined) {
  const text = String(value ?? '').trim();
  if (/^\d+\.\d+$/.test(text) && text.split('.')[1].length > RATE_DECIMALS) throw new Error(TEXT.priceDecimals);
  const parsed = parseDecimal(text, RATE_DECIMALS);
  if (!parsed || parsed.n <= BigInt(0)) throw new Error(MSG.currency.pricesPositive);
}

/** Prices go as typed, trimmed: decimal strings, never through floating point. */
const cleanPrice = (value: string) => value.trim();

/**
 * The one currency form (spec 2.28): create mode, or edit mode when `editing` is set (filled from the table's row;
 * Cancel returns to create). Mount it with `key={editing?.id ?? 'new'}` so each mode starts fresh.
 */
export function CurrencyForm({ editing, onDone }: { editing?: Currency; onDone: () => void }) {
  const [form] = Form.useForm<CurrencyRequest>();
  const { mutate: create, mutation: creating } = useCreate<Currency, HttpError, CurrencyRequest>();
  const { mutate: update, mutation: updating } = useUpdate<Currency, HttpError, CurrencyRequest>();
  const saving = creating.isPending || updating.isPending;

  const showFieldErrors = (error: HttpError) => {
    const fields = FIELDS.map((name) => ({ name, errors: [fieldError(error, name)].filter((m): m is string => Boolean(m)) })).filter(
      (f) => f.errors.length > 0,
    );
    if (fields.length) form.setFields(fields);
  };

  const submit = (values: CurrencyRequest) => {
    const payload: CurrencyRequest = {
      name: values.name.trim(),
      code: values.code.trim().toUpperCase(),
      buy_price: cleanPrice(values.buy_price),
      sell_price: cleanPrice(values.sell_price),
    };
    // Refine's antd notifications show `description` as the heading and `message` as the text.
    if (editing) {
      update(
        {
          resource: 'currencies',
          id: editing.id,
          values: payload,
          successNotification: () => ({ message: MSG.currency.updated, type: 'success' }),
          errorNotification: (error) => ({ description: MSG.currency.updateFailed, message: error?.message ?? MSG.currency.updateFailed, type: 'error' }),
        },
        {
          onSuccess: () => {
            form.resetFields();
            onDone();
          },
          onError: showFieldErrors,
        },
      );
    } else {
      create(
        {
          resource: 'currencies',
          values: payload,
          successNotification: () => ({ message: MSG.currency.created, type: 'success' }),
          errorNotification: (error) => ({ description: MSG.currency.createFailed, message: error?.message ?? MSG.currency.createFailed, type: 'error' }),
        },
        { onSuccess: () => form.resetFields(), onError: showFieldErrors },
      );
    }
  };

  const title = editing ? TEXT.editTitle : TEXT.createTitle;
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      <Form<CurrencyRequest>
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={
          editing
            ? { name: editing.name, code: editing.code, buy_price: editing.buy_price, sell_price: editing.sell_price }
            : { name: '', code: '', buy_price: '', sell_price: '' }
        }
        onFinish={submit}
        // A server field error clears as soon as its field is edited.
        onValuesChange={(changed: Partial<CurrencyRequest>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof CurrencyRequest, errors: [] })))
        }
      >
        <Flex wrap gap={16} align="flex-start">
          <Form.Item
            label={TEXT.name}
            name="name"
            rules={[{ required: true, whitespace: true, message: MSG.currency.nameCodeRequired }]}
            style={{ flex: '2 1 220px', marginBottom: 12 }}
          >
            <Input placeholder={TEXT.namePlaceholder} maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={TEXT.code}
            name="code"
            normalize={(value: string) => value.toUpperCase()}
            rules={[{ required: true, whitespace: true, message: MSG.currency.nameCodeRequired }]}
            style={{ flex: '1 1 110px', marginBottom: 12 }}
          >
            <Input placeholder={TEXT.codePlaceholder} maxLength={CURRENCY_CODE_MAX} autoComplete="off" />
          </Form.Item>
          <Form.Item label={TEXT.buyPrice} name="buy_price" required rules={[{ validator: checkPrice }]} style={{ flex: '1 1 150px', marginBottom: 12 }}>
            <Input inputMode="decimal" placeholder={TEXT.pricePlaceholder} autoComplete="off" />
          </Form.Item>
          <Form.Item label={TEXT.sellPrice} name="sell_price" required rules={[{ validator: checkPrice }]} style={{ flex: '1 1 150px', marginBottom: 12 }}>
            <Input inputMode="decimal" placeholder={TEXT.pricePlaceholder} autoComplete="off" />
          </Form.Item>
        </Flex>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {editing ? TEXT.save : TEXT.create}
          </Button>
          {editing && (
            <Button
              disabled={saving}
              onClick={() => {
                form.resetFields();
                onDone();
              }}
            >
              {TEXT.cancel}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
