import { useNavigation } from '@refinedev/core';
import { Button, Input, Space, Typography } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import { MSG, formatDate, type Currency } from '@jara/contracts';
import { CreateCurrencyDto, UpdateCurrencyDto } from '@jara/dto';
import { describe } from '../schema/types';
import { CURRENCY_TEXT as TEXT, type CurrencyRequest } from '../pages/currencies/text';
import { SubText } from '../components/cell-text';

function LiveRatesButton() {
  const { list } = useNavigation();
  return (
    <Button icon={<LineChartOutlined />} onClick={() => list('live-rates')} style={{ marginBottom: 12 }}>
      {TEXT.liveTitle}
    </Button>
  );
}

const num = (v: string) => <span className="jara-num">{v}</span>;
const price = (name: 'buy_price' | 'sell_price', label: string) => ({
  name,
  label,
  input: <Input inputMode="decimal" placeholder={TEXT.pricePlaceholder} autoComplete="off" />,
  flex: '1 1 150px',
});

/** Currency management (spec 2.28): the form (create or edit from the row) above the currencies and their prices. */
export default describe<Currency, CurrencyRequest>({
  resource: 'currencies',
  title: TEXT.title,
  headerExtra: <LiveRatesButton />,
  pageSize: 10,
  // The seeded currencies first, then the newer ones in the order they were added.
  sorters: { permanent: [{ field: 'id', order: 'asc' }] },
  columns: ({ compact, serial }) => [
    { title: TEXT.serial, key: 'sn', width: compact ? 44 : 64, responsive: ['sm'], render: (_, __, i) => serial(i) },
    {
      title: TEXT.name,
      dataIndex: 'name',
      render: (_, c) =>
        compact ? (
          <Space direction="vertical" size={0}>
            <Typography.Text strong>{c.code}</Typography.Text>
            <SubText>{c.name}</SubText>
          </Space>
        ) : (
          c.name
        ),
    },
    {
      title: TEXT.code,
      dataIndex: 'code',
      width: 100,
      responsive: ['sm'],
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    // Prices as the API gives them (fixed decimals), never re-rounded through floating point.
    { title: TEXT.buy, dataIndex: 'buy_price', align: 'right', width: compact ? 84 : 130, render: num },
    { title: TEXT.sell, dataIndex: 'sell_price', align: 'right', width: compact ? 84 : 130, render: num },
    {
      title: TEXT.updatedAt,
      dataIndex: 'updated_at',
      width: 130,
      responsive: ['md'],
      render: (v: string) => formatDate(v),
    },
  ],
  actions: {
    title: (compact) => (compact ? '' : TEXT.actions),
    width: [48, 190],
    stackOnPhone: true,
    editLabelOf: (c) => `${TEXT.edit} ${c.code}`,
  },
  errorMessage: TEXT.loadFailed,
  emptyText: TEXT.empty,
  form: {
    dto: { create: CreateCurrencyDto, update: UpdateCurrencyDto },
    createTitle: TEXT.createTitle,
    editTitle: TEXT.editTitle,
    createButton: TEXT.create,
    saveButton: TEXT.save,
    created: MSG.currency.created,
    updated: MSG.currency.updated,
    failed: { create: MSG.currency.createFailed, update: MSG.currency.updateFailed },
    toastFieldErrors: true,
    // GET /currencies/{id} does not exist: the form is filled from the table's row.
    fromRow: true,
    initialValues: { name: '', code: '', buy_price: '', sell_price: '' },
    rows: [
      [
        {
          name: 'name',
          label: TEXT.name,
          placeholder: TEXT.namePlaceholder,
          flex: '2 1 220px',
        },
        {
          name: 'code',
          label: TEXT.code,
          placeholder: TEXT.codePlaceholder,
          normalize: (value: string) => value.toUpperCase(),
          flex: '1 1 110px',
        },
        price('buy_price', TEXT.buyPrice),
        price('sell_price', TEXT.sellPrice),
      ],
    ],
    // Prices go as typed, trimmed: decimal strings, never through floating point.
    toRequest: (v) => ({
      name: v.name.trim(),
      code: v.code.trim().toUpperCase(),
      buy_price: v.buy_price.trim(),
      sell_price: v.sell_price.trim(),
    }),
  },
  delete: {
    confirm: MSG.currency.deleteConfirm,
    yes: TEXT.deleteYes,
    no: TEXT.cancel,
    deleted: MSG.currency.deleted,
    failed: MSG.currency.deleteFailed,
    labelOf: (c) => `${TEXT.delete} ${c.code}`,
  },
});
