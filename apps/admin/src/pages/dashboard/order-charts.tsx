import type { ReactNode } from 'react';
import { useCustom, type HttpError } from '@refinedev/core';
import { Alert, Card, Col, Empty, Row, Statistic, Typography, theme } from 'antd';
import { PercentageOutlined, RiseOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import dayjs from 'dayjs';
import { ORDER_STATUSES, formatNaira, orderStatusLabel, type OrderStats, type StatusTone } from '@jara/contracts';
import { CardTitle } from '../../components/card-title';

/** The period of the charts (GET /admin/order-stats?days=30). */
export const STATS_DAYS = 30;

/** Local UI text of the dashboard's order charts (not spec messages). */
export const CHART_TEXT = {
  revenue: `Revenue (last ${STATS_DAYS} days)`,
  orders: `Orders (last ${STATS_DAYS} days)`,
  commission: `Commission earned (last ${STATS_DAYS} days)`,
  revenuePerDay: 'Revenue per day',
  ordersPerDay: 'Orders per day',
  byStatus: 'Orders by status',
  topProducts: 'Top products',
  topVendors: 'Top vendors',
  day: 'Day',
  status: 'Status',
  count: 'Orders',
  product: 'Product',
  vendor: 'Vendor',
  quantity: 'Units sold',
  revenueColumn: 'Revenue',
  noOrders: `No orders in the last ${STATS_DAYS} days.`,
  noData: 'Nothing to show yet.',
  failed: 'Order statistics could not be loaded.',
  failedDetail: 'The other figures on this page are still up to date.',
  unnamedVendor: (id: number) => `Vendor #${id}`,
  revenueSummary: (total: string, best: string | null) =>
    `${total} in ${STATS_DAYS} days${best ? `; best day ${best}` : ''}.`,
  ordersSummary: (count: number, busiest: string | null) =>
    `${count} ${count === 1 ? 'order' : 'orders'} in ${STATS_DAYS} days${busiest ? `; busiest day ${busiest}` : ''}.`,
  statusSummary: (parts: string[]) => parts.join(', ') + '.',
  topSummary: (name: string, revenue: string) => `Leader: ${name}, ${revenue}.`,
} as const;

const CHART_HEIGHT = 260;

/**
 * Bar colours with at least 3:1 contrast on white (WCAG 1.4.11): antd's dark gold and blue (gold-8, blue-7)
 * and purple-7; antd's default warning and info tones (#faad14, #1677ff) are too pale for a chart.
 */
const CHART_COLORS = { gold: '#ad6800', blue: '#0958d9', purple: '#531dab' } as const;

function dayLabel(day: string): string {
  const d = dayjs(day);
  return d.isValid() ? d.format('D MMM') : day;
}

function longDayLabel(day: string): string {
  const d = dayjs(day);
  return d.isValid() ? d.format('ddd D MMM YYYY') : day;
}

const COMPACT = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis ticks: ₦1.2M, ₦350K (the tooltips and tables give exact amounts). */
function compactNaira(minor: number): string {
  return `₦${COMPACT.format(minor / 100)}`;
}

/** A card with a real heading, the chart (hidden from screen readers) and the same numbers as a table for them. */
function ChartCard({
  title,
  summary,
  empty,
  table,
  testId,
  children,
}: {
  title: string;
  summary?: string;
  empty: boolean;
  table: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={<CardTitle level={4}>{title}</CardTitle>} style={{ height: '100%' }} data-testid={testId}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CHART_TEXT.noOrders} />
      ) : (
        <>
          {/* The picture is for sighted users; the table below carries the same numbers for everyone else. */}
          <div aria-hidden="true" style={{ width: '100%', height: CHART_HEIGHT }}>
            {children}
          </div>
          {summary && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13 }}>
              {summary}
            </Typography.Paragraph>
          )}
          <div className="jara-visually-hidden">{table}</div>
        </>
      )}
    </Card>
  );
}

function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: Array<Array<string | number>>;
}) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatCard({
  title,
  value,
  icon,
  loading,
  testId,
}: {
  title: string;
  value: string;
  icon: ReactNode;
  loading: boolean;
  testId: string;
}) {
  return (
    <Card loading={loading} size="small" styles={{ body: { padding: 20 } }} data-testid={testId}>
      <Statistic title={title} value={value} prefix={icon} />
    </Card>
  );
}

/** Empty stats in the shape of OrderStats, for a failed or missing answer. */
function normalise(stats: Partial<OrderStats> | undefined): OrderStats {
  return {
    days: stats?.days ?? STATS_DAYS,
    per_day: Array.isArray(stats?.per_day) ? stats.per_day : [],
    by_status: Array.isArray(stats?.by_status) ? stats.by_status : [],
    top_products: Array.isArray(stats?.top_products) ? stats.top_products : [],
    top_vendors: Array.isArray(stats?.top_vendors) ? stats.top_vendors : [],
    commission_minor: Number(stats?.commission_minor) || 0,
    revenue_minor: Number(stats?.revenue_minor) || 0,
    orders: Number(stats?.orders) || 0,
  };
}

/**
 * The dashboard's order charts (GET /admin/order-stats?days=30): revenue and orders per day, orders by status,
 * top products and vendors, and the commission earned. Each chart has a heading and a table of its numbers for
 * screen readers; a failed or empty answer leaves the rest of the dashboard as it is.
 */
export function OrderCharts() {
  const { token } = theme.useToken();
  const { result, query } = useCustom<{ data: OrderStats }, HttpError>({
    url: 'admin/order-stats',
    method: 'get',
    // Through `query`: the data provider appends its own '?' to the URL.
    config: { query: { days: STATS_DAYS } },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const loading = query.isLoading;
  const failed = query.isError;
  const stats = normalise(result.data?.data);

  const toneColor: Record<StatusTone, string> = {
    success: token.colorSuccess,
    warning: CHART_COLORS.gold,
    danger: token.colorError,
    info: CHART_COLORS.blue,
    default: token.colorTextSecondary,
  };
  const statusColor = (status: unknown) =>
    toneColor[ORDER_STATUSES.find((s) => String(s.code) === String(status))?.tone ?? 'default'];
  const axisTick = { fill: token.colorTextSecondary, fontSize: 12 };
  const tooltipStyle = {
    borderRadius: token.borderRadius,
    border: `1px solid ${token.colorBorderSecondary}`,
    fontSize: 13,
  };

  /** A top-five chart (products or vendors): revenue bars, with the count in the tooltip and the data table. */
  const topChart = (chart: {
    testId: string;
    title: string;
    rows: Array<{ name: string | null; revenue_minor: number; count: number }>;
    nameHeader: string;
    countHeader: string;
    fill: string;
  }) => (
    <Col xs={24} lg={8}>
      <ChartCard
        testId={chart.testId}
        title={chart.title}
        empty={chart.rows.length === 0}
        summary={
          chart.rows[0]
            ? CHART_TEXT.topSummary(chart.rows[0].name ?? '', formatNaira(chart.rows[0].revenue_minor))
            : undefined
        }
        table={
          <DataTable
            caption={chart.title}
            headers={[chart.nameHeader, chart.countHeader, CHART_TEXT.revenueColumn]}
            rows={chart.rows.map((r) => [r.name ?? '', r.count, formatNaira(r.revenue_minor)])}
          />
        }
      >
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart
            data={chart.rows}
            layout="vertical"
            margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} horizontal={false} />
            <XAxis
              type="number"
              dataKey="revenue_minor"
              tick={axisTick}
              tickLine={false}
              tickFormatter={compactNaira}
            />
            <YAxis type="category" dataKey="name" tick={{ ...axisTick, maxLines: 2 }} tickLine={false} width={130} />
            <Tooltip
              contentStyle={tooltipStyle}
              cursor={{ fill: token.colorFillTertiary }}
              formatter={(value, _name, item) => [
                `${formatNaira(Number(value))} · ${item?.payload?.count ?? 0} ${chart.countHeader.toLowerCase()}`,
                CHART_TEXT.revenueColumn,
              ]}
              labelFormatter={(_, payload) => String(payload?.[0]?.payload?.name ?? '')}
            />
            <Bar
              isAnimationActive={false}
              dataKey="revenue_minor"
              fill={chart.fill}
              radius={[0, 3, 3, 0]}
              maxBarSize={22}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </Col>
  );

  const perDay = stats.per_day.map((d) => ({ ...d, label: dayLabel(d.day), naira: d.revenue_minor / 100 }));
  const best = perDay.reduce<(typeof perDay)[number] | null>(
    (top, d) => (d.revenue_minor > (top?.revenue_minor ?? 0) ? d : top),
    null,
  );
  const busiest = perDay.reduce<(typeof perDay)[number] | null>(
    (top, d) => (d.orders > (top?.orders ?? 0) ? d : top),
    null,
  );
  const noOrders = stats.orders === 0 && perDay.every((d) => d.orders === 0);
  const byStatus = stats.by_status.map((s) => ({ ...s, label: orderStatusLabel(s.status) || s.label }));
  const topProducts = stats.top_products;
  const topVendors = stats.top_vendors.map((v) => {
    const name = v.name || CHART_TEXT.unnamedVendor(v.vendor_id);
    return { ...v, name };
  });

  const charts = (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ChartCard
          testId="chart-revenue"
          title={CHART_TEXT.revenuePerDay}
          empty={noOrders}
          summary={CHART_TEXT.revenueSummary(
            formatNaira(stats.revenue_minor),
            best ? `${best.label}, ${formatNaira(best.revenue_minor)}` : null,
          )}
          table={
            <DataTable
              caption={CHART_TEXT.revenuePerDay}
              headers={[CHART_TEXT.day, CHART_TEXT.revenueColumn]}
              rows={perDay.map((d) => [longDayLabel(d.day), formatNaira(d.revenue_minor)])}
            />
          }
        >
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <AreaChart data={perDay} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} accessibilityLayer={false}>
              <defs>
                <linearGradient id="jara-revenue-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={token.colorPrimary} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={token.colorPrimary} stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} vertical={false} />
              <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={16} />
              <YAxis
                dataKey="revenue_minor"
                tick={axisTick}
                tickLine={false}
                axisLine={false}
                width={64}
                tickFormatter={compactNaira}
              />
              <Tooltip
                contentStyle={tooltipStyle}
                formatter={(value) => [formatNaira(Number(value)), CHART_TEXT.revenueColumn]}
                labelFormatter={(_, payload) => longDayLabel(String(payload?.[0]?.payload?.day ?? ''))}
              />
              <Area
                isAnimationActive={false}
                type="monotone"
                dataKey="revenue_minor"
                stroke={token.colorPrimary}
                strokeWidth={2}
                fill="url(#jara-revenue-fill)"
              />
            </AreaChart>
          </ResponsiveContainer>
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          testId="chart-orders"
          title={CHART_TEXT.ordersPerDay}
          empty={noOrders}
          summary={CHART_TEXT.ordersSummary(stats.orders, busiest ? `${busiest.label}, ${busiest.orders}` : null)}
          table={
            <DataTable
              caption={CHART_TEXT.ordersPerDay}
              headers={[CHART_TEXT.day, CHART_TEXT.count]}
              rows={perDay.map((d) => [longDayLabel(d.day), d.orders])}
            />
          }
        >
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <BarChart data={perDay} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} vertical={false} />
              <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={16} />
              <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={40} />
              <Tooltip
                contentStyle={tooltipStyle}
                cursor={{ fill: token.colorFillTertiary }}
                formatter={(value) => [String(value), CHART_TEXT.count]}
                labelFormatter={(_, payload) => longDayLabel(String(payload?.[0]?.payload?.day ?? ''))}
              />
              <Bar
                isAnimationActive={false}
                dataKey="orders"
                fill={CHART_COLORS.blue}
                radius={[3, 3, 0, 0]}
                maxBarSize={24}
              />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </Col>
      <Col xs={24} lg={8}>
        <ChartCard
          testId="chart-status"
          title={CHART_TEXT.byStatus}
          empty={byStatus.every((s) => s.count === 0)}
          summary={CHART_TEXT.statusSummary(byStatus.filter((s) => s.count > 0).map((s) => `${s.label} ${s.count}`))}
          table={
            <DataTable
              caption={CHART_TEXT.byStatus}
              headers={[CHART_TEXT.status, CHART_TEXT.count]}
              rows={byStatus.map((s) => [s.label, s.count])}
            />
          }
        >
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <BarChart
              data={byStatus}
              layout="vertical"
              margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
              accessibilityLayer={false}
            >
              <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={axisTick} tickLine={false} />
              <YAxis type="category" dataKey="label" tick={axisTick} tickLine={false} width={84} />
              <Tooltip
                contentStyle={tooltipStyle}
                cursor={{ fill: token.colorFillTertiary }}
                formatter={(value) => [String(value), CHART_TEXT.count]}
              />
              <Bar isAnimationActive={false} dataKey="count" radius={[0, 3, 3, 0]} maxBarSize={22}>
                {byStatus.map((s) => (
                  <Cell key={s.status} fill={statusColor(s.status)} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </Col>
      {topChart({
        testId: 'chart-top-products',
        title: CHART_TEXT.topProducts,
        rows: topProducts.map((p) => ({ name: p.name, revenue_minor: p.revenue_minor, count: p.quantity })),
        nameHeader: CHART_TEXT.product,
        countHeader: CHART_TEXT.quantity,
        fill: token.colorPrimary,
      })}
      {topChart({
        testId: 'chart-top-vendors',
        title: CHART_TEXT.topVendors,
        rows: topVendors.map((v) => ({ name: v.name, revenue_minor: v.revenue_minor, count: v.orders })),
        nameHeader: CHART_TEXT.vendor,
        countHeader: CHART_TEXT.count,
        fill: CHART_COLORS.purple,
      })}
    </Row>
  );

  return (
    <section aria-label={CHART_TEXT.orders} style={{ marginTop: 16 }}>
      {failed && (
        <Alert
          type="warning"
          showIcon
          message={CHART_TEXT.failed}
          description={query.error?.message ?? CHART_TEXT.failedDetail}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={8}>
          <StatCard
            testId="stat-revenue"
            title={CHART_TEXT.revenue}
            value={failed ? '—' : formatNaira(stats.revenue_minor)}
            icon={<RiseOutlined />}
            loading={loading}
          />
        </Col>
        <Col xs={24} sm={8}>
          <StatCard
            testId="stat-orders"
            title={CHART_TEXT.orders}
            value={failed ? '—' : String(stats.orders)}
            icon={<ShoppingCartOutlined />}
            loading={loading}
          />
        </Col>
        <Col xs={24} sm={8}>
          <StatCard
            testId="stat-commission"
            title={CHART_TEXT.commission}
            value={failed ? '—' : formatNaira(stats.commission_minor)}
            icon={<PercentageOutlined />}
            loading={loading}
          />
        </Col>
      </Row>
      {!failed && !loading && charts}
    </section>
  );
}
