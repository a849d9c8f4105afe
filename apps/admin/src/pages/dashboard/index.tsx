import type { ReactNode } from 'react';
import { useCustom, useList, type HttpError } from '@refinedev/core';
import { Alert, Card, Col, Row, Statistic } from 'antd';
import {
  AppstoreOutlined,
  MailOutlined,
  NotificationOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
  CrownOutlined,
} from '@ant-design/icons';
import { ACTIVE, ROLE_LABELS, type Role } from '@jara/contracts';
import { PageTitle } from '../../components/page-title';
import { OrderCharts } from './order-charts';

/** GET /admin/stats answer (the lead's endpoint; later issues add more counts). */
export interface AdminStats {
  users: { total: number; admin: number; vendor: number; customer: number };
  contact_messages: number;
  newsletter_subscribers: number;
}

/** Local UI text (not spec messages). */
const TEXT = {
  title: 'Dashboard',
  totalUsers: 'Users',
  contactMessages: 'Contact messages',
  newsletter: 'Newsletter subscribers',
  products: 'Products',
  activeProducts: 'Active products',
  categories: 'Categories',
  statsUnavailable: 'Some statistics are not available yet.',
  statsUnavailableDetail:
    'User counts below come from the user list; the other counts appear once the API serves them.',
  statsFailed: 'Failed to load statistics.',
};

function useUserCount(role: Role | undefined, enabled: boolean) {
  const { result, query } = useList({
    resource: 'users',
    pagination: { currentPage: 1, pageSize: 1 },
    filters: role ? [{ field: 'role', operator: 'eq', value: role }] : [],
    queryOptions: { enabled },
    errorNotification: false,
  });
  return { value: result.total, loading: enabled && query.isLoading };
}

/** A list's total from one row (X-Total-Count / meta.total). */
function useTotal(resource: string, filters: { field: string; value: string | number }[]) {
  const { result, query } = useList({
    resource,
    pagination: { currentPage: 1, pageSize: 1 },
    filters: filters.map((f) => ({ ...f, operator: 'eq' as const })),
    errorNotification: false,
  });
  return { value: query.isError ? undefined : result.total, loading: query.isLoading };
}

function StatCard({
  title,
  value,
  icon,
  loading,
}: {
  title: string;
  value: number | undefined;
  icon: ReactNode;
  loading: boolean;
}) {
  return (
    <Card loading={loading} size="small" styles={{ body: { padding: 20 } }}>
      <Statistic title={title} value={value ?? '—'} prefix={icon} />
    </Card>
  );
}

export default function DashboardPage() {
  const { result, query } = useCustom<{ data: AdminStats }, HttpError>({
    url: 'admin/stats',
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const stats = result.data?.data;
  const missing = query.isError && query.error?.statusCode === 404;

  // While /admin/stats is missing, count users from the user list's totals (real data, one row per call).
  const total = useUserCount(undefined, missing);
  const admin = useUserCount('admin', missing);
  const vendor = useUserCount('vendor', missing);
  const customer = useUserCount('customer', missing);

  // Admins see every product unless a status is passed, and every category with all=1.
  const products = useTotal('products', []);
  const activeProducts = useTotal('products', [{ field: 'status', value: ACTIVE }]);
  const categories = useTotal('categories', [{ field: 'all', value: 1 }]);

  const loading = query.isLoading;
  const users =
    stats?.users ??
    (missing ? { total: total.value, admin: admin.value, vendor: vendor.value, customer: customer.value } : undefined);
  const usersLoading = loading || (missing && (total.loading || admin.loading || vendor.loading || customer.loading));

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      {missing && (
        <Alert
          type="info"
          showIcon
          message={TEXT.statsUnavailable}
          description={TEXT.statsUnavailableDetail}
          style={{ marginBottom: 16 }}
        />
      )}
      {query.isError && !missing && (
        <Alert
          type="error"
          showIcon
          message={TEXT.statsFailed}
          description={query.error?.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <StatCard title={TEXT.totalUsers} value={users?.total} icon={<TeamOutlined />} loading={usersLoading} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StatCard title={ROLE_LABELS.admin} value={users?.admin} icon={<CrownOutlined />} loading={usersLoading} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StatCard title={ROLE_LABELS.vendor} value={users?.vendor} icon={<ShopOutlined />} loading={usersLoading} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StatCard
            title={ROLE_LABELS.customer}
            value={users?.customer}
            icon={<UserOutlined />}
            loading={usersLoading}
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StatCard
            title={TEXT.contactMessages}
            value={stats?.contact_messages}
            icon={<MailOutlined />}
            loading={loading}
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StatCard
            title={TEXT.newsletter}
            value={stats?.newsletter_subscribers}
            icon={<NotificationOutlined />}
            loading={loading}
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StatCard
            title={TEXT.products}
            value={products.value}
            icon={<ShoppingOutlined />}
            loading={products.loading}
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StatCard
            title={TEXT.activeProducts}
            value={activeProducts.value}
            icon={<ShoppingOutlined />}
            loading={activeProducts.loading}
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StatCard
            title={TEXT.categories}
            value={categories.value}
            icon={<AppstoreOutlined />}
            loading={categories.loading}
          />
        </Col>
      </Row>
      <OrderCharts />
    </div>
  );
}
