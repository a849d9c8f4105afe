import { useMemo, useState } from 'react';
import { useCustom, type HttpError } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import {
  LIVE_CONVERTER_DEFAULT,
  MSG,
  convertCurrency,
  formatLongDateTime,
  type LiveRatesAnswer,
} from '@jara/contracts';
import { PageTitle } from '../../components/page-title';
import { formatDecimalMoney } from '../../components/money';
import { CurrencyFlag } from './flag';
import { CURRENCY_TEXT as TEXT } from './text';
import { SubText } from '../../components/cell-text';

const BASE = 'USD';

/** A rate as the service gave it, as a plain decimal string (a JSON number never goes through arithmetic here). */
function rateText(rate: number): string {
  const text = String(rate);
  return /e/i.test(text) ? rate.toFixed(12).replace(/\.?0+$/, '') : text;
}

interface RateRow {
  code: string;
  rate: string;
}

function FlagAndCode({ code }: { code: string }) {
  return (
    <Space size={8}>
      <CurrencyFlag code={code} />
      <span>{code}</span>
    </Space>
  );
}

/** The live converter (spec 2.28, admin): amount (min 1) from one currency to another at the live rates. */
function LiveConverter({ rates }: { rates: RateRow[] }) {
  const [amount, setAmount] = useState<string | null>('1');
  const [from, setFrom] = useState<string>(LIVE_CONVERTER_DEFAULT.from);
  const [to, setTo] = useState<string>(LIVE_CONVERTER_DEFAULT.to);
  const options = useMemo(
    () => rates.map((r) => ({ value: r.code, label: <FlagAndCode code={r.code} />, search: r.code })),
    [rates],
  );
  const byCode = useMemo(() => new Map(rates.map((r) => [r.code, r])), [rates]);

  const tooSmall = amount !== null && amount !== '' && Number(amount) < 1;
  const missing = amount === null || amount === '';
  // The live rates are prices per USD, so they stand in for the sell prices of the section 9 formula.
  const source = byCode.get(from);
  const target = byCode.get(to);
  const result =
    missing || tooSmall
      ? null
      : convertCurrency(
          amount,
          source ? { sell_price: source.rate } : undefined,
          target ? { sell_price: target.rate } : undefined,
        );

  const currency = (label: string, value: string, onChange: (code: string) => void) => (
    <Form.Item label={label} style={{ flex: '1 1 130px', marginBottom: 12 }}>
      <Select
        aria-label={label}
        showSearch
        optionFilterProp="search"
        value={value}
        onChange={onChange}
        options={options}
      />
    </Form.Item>
  );

  return (
    <Card size="small" title={TEXT.converter} style={{ marginBottom: 16 }}>
      <Form layout="vertical" component="div">
        <Flex wrap gap={12} align="flex-end">
          <Form.Item
            label={TEXT.amount}
            htmlFor="live-amount"
            validateStatus={tooSmall ? 'error' : undefined}
            help={tooSmall ? MSG.liveRates.amountMin : undefined}
            style={{ flex: '1 1 160px', marginBottom: 12 }}
          >
            {/* No `min` on the input itself: it would swallow a smaller value silently instead of saying why. */}
            <InputNumber<string>
              id="live-amount"
              stringMode
              step="0.01"
              value={amount}
              onChange={(value) => setAmount(value)}
              style={{ width: '100%' }}
            />
          </Form.Item>
          {currency(TEXT.from, from, setFrom)}
          <Button
            icon={<SwapOutlined />}
            aria-label={TEXT.swap}
            title={TEXT.swap}
            onClick={() => {
              setFrom(to);
              setTo(from);
            }}
            style={{ marginBottom: 12 }}
          />
          {currency(TEXT.to, to, setTo)}
        </Flex>
      </Form>
      <div aria-live="polite">
        <Typography.Text type="secondary">{TEXT.result}</Typography.Text>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="live-result">
          {result === null ? '—' : result.ok ? formatDecimalMoney(result.value, to) : result.error}
        </Typography.Title>
        {source && target && (
          <SubText>
            {[...new Set([source, target])]
              .filter((r) => r.code !== BASE)
              .map((r) => `1 ${BASE} = ${r.rate} ${r.code}`)
              .join(' · ')}
          </SubText>
        )}
      </div>
    </Card>
  );
}

/** Live exchange rates (spec 2.28, admin only): the converter and the rate table, from the API's cached copy. */
export default function LiveRatesPage() {
  const [search, setSearch] = useState('');
  const { result, query } = useCustom<LiveRatesAnswer, HttpError>({
    url: 'currencies/live-rates',
    method: 'get',
    config: { query: { base: BASE } },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const live = query.isError ? undefined : (result.data?.data ?? undefined);
  // No provider configured: the API says so and how to configure one (issue 22: not a bare 503).
  const notConfigured = !query.isError && result.data?.configured === false ? result.data : null;

  const rows = useMemo<RateRow[]>(
    () =>
      Object.entries(live?.conversion_rates ?? {}).map(([code, rate]) => ({
        code: code.toUpperCase(),
        rate: rateText(rate),
      })),
    [live],
  );
  const shown = useMemo(() => {
    const wanted = search.trim().toUpperCase();
    return wanted ? rows.filter((r) => r.code.includes(wanted)) : rows;
  }, [rows, search]);

  const columns: TableColumnsType<RateRow> = [
    { title: TEXT.currency, dataIndex: 'code', render: (code: string) => <FlagAndCode code={code} /> },
    {
      title: `${TEXT.rate} (1 ${live?.base_code ?? BASE})`,
      dataIndex: 'rate',
      align: 'right',
      render: (v: string) => <span className="jara-num">{v}</span>,
    },
  ];

  const error = query.error;
  // 503: no exchange-rate key configured (or the service is down with nothing cached): the API's message says which.
  const unavailable = query.isError && error?.statusCode === 503;

  return (
    <div>
      <PageTitle>{TEXT.liveTitle}</PageTitle>
      {query.isError && (
        <Alert
          type={unavailable ? 'warning' : 'error'}
          showIcon
          message={unavailable ? error?.message : MSG.liveRates.loadFailed}
          description={unavailable ? TEXT.notConfiguredHint : error?.message}
          action={
            <Button size="small" icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => query.refetch()}>
              {TEXT.tryAgain}
            </Button>
          }
          style={{ marginBottom: 16 }}
          data-testid="live-rates-error"
        />
      )}
      {notConfigured && (
        <Alert
          type="info"
          showIcon
          message={notConfigured.message ?? MSG.money.liveRatesOff}
          description={notConfigured.setup ?? MSG.money.liveRatesSetup}
          style={{ marginBottom: 16 }}
          data-testid="live-rates-setup"
        />
      )}
      {live && (
        <>
          {live.stale ? (
            <Alert
              type="warning"
              showIcon
              message={MSG.liveRates.stale}
              description={TEXT.staleSince(formatLongDateTime(live.fetched_at))}
              style={{ marginBottom: 16 }}
            />
          ) : (
            <Typography.Paragraph type="secondary">
              {TEXT.fetchedAt(formatLongDateTime(live.fetched_at))}
            </Typography.Paragraph>
          )}
          <LiveConverter rates={rows} />
          <Card
            size="small"
            title={`${TEXT.rateTable} ${live.base_code}`}
            extra={
              <Input.Search
                allowClear
                aria-label={TEXT.search}
                placeholder={TEXT.search}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                style={{ width: 180 }}
              />
            }
          >
            <Table<RateRow>
              rowKey="code"
              columns={columns}
              dataSource={shown}
              size="small"
              pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: TEXT.noRates }}
            />
          </Card>
        </>
      )}
      {query.isLoading && <Card loading size="small" />}
    </div>
  );
}
