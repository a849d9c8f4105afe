import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { Authenticated, CanAccess, Refine } from '@refinedev/core';
import {
  ErrorComponent,
  RefineThemes,
  ThemedLayout,
  ThemedSider,
  useNotificationProvider,
  type RefineThemedLayoutSiderProps,
} from '@refinedev/antd';
import routerProvider, {
  CatchAllNavigate,
  DocumentTitleHandler,
  NavigateToResource,
  UnsavedChangesNotifier,
} from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Flex, Result, Spin } from 'antd';
import { MSG, TOAST_AUTO_CLOSE_MS } from '@jara/contracts';
import { accessControlProvider } from './providers/access-control';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { resources } from './providers/resources';
import { session } from './providers/session';
import { describedRoutes } from './schema/registry';
import { BACK_OFFICE_NAME, JaraTitle } from './components/title';
import { JaraHeader } from './components/header';

// One chunk per page, loaded on first visit.
const LoginPage = lazy(() => import('./pages/login'));
const DashboardPage = lazy(() => import('./pages/dashboard'));
const UserList = lazy(() => import('./pages/users/list'));
const ProductList = lazy(() => import('./pages/products/list'));
const ProductShow = lazy(() => import('./pages/products/show'));
const ProductEdit = lazy(() => import('./pages/products/edit'));
const LiveRatesPage = lazy(() => import('./pages/currencies/live-rates'));
const InvoiceList = lazy(() => import('./pages/invoices/list'));
const InvoiceCreate = lazy(() => import('./pages/invoices/create'));
const InvoiceShow = lazy(() => import('./pages/invoices/show'));
const WalletList = lazy(() => import('./pages/wallets/list'));
const WalletShow = lazy(() => import('./pages/wallets/show'));
const PayoutList = lazy(() => import('./pages/payouts/list'));
const OrderList = lazy(() => import('./pages/orders/list'));
const OrderShow = lazy(() => import('./pages/orders/show'));
const LogisticsSettingsPage = lazy(() => import('./pages/logistics/settings'));
const DeliveryList = lazy(() => import('./pages/deliveries/list'));
const DeliveryShow = lazy(() => import('./pages/deliveries/show'));
const DeliveryLabel = lazy(() => import('./pages/deliveries/label'));
const TrackingTable = lazy(() => import('./pages/deliveries/trackings'));
const ReceivePage = lazy(() => import('./pages/receipts/receive'));
const ConsolidationList = lazy(() => import('./pages/receipts/consolidations'));
const ReceiptSettingsPage = lazy(() => import('./pages/receipts/settings'));
const NotificationList = lazy(() => import('./pages/notifications/list'));
const AuditLogList = lazy(() => import('./pages/audit-logs/list'));
const ReconciliationPage = lazy(() => import('./pages/reconciliation/list'));
// Issue 26: the rider's phone page, the problem queue, a parcel's packing list.
const RiderPage = lazy(() => import('./pages/rider'));
const ProblemQueue = lazy(() => import('./pages/problems/list'));
const PackingList = lazy(() => import('./pages/deliveries/packing-list'));

const JARA_GREEN = '#0b7a4b';

function FixedSider(props: RefineThemedLayoutSiderProps) {
  return <ThemedSider {...props} fixed />;
}

function PageFallback() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}

function Forbidden() {
  const location = useLocation();
  // A rider's home is their deliveries (issue 26): the dashboard is not theirs.
  if (session.role() === 'rider' && location.pathname === '/') return <Navigate to="/rider" replace />;
  return <Result status="403" title="403" subTitle={MSG.pages.unauthorized} />;
}

function documentTitle({ resource }: { resource?: { meta?: { label?: string } } }) {
  const label = resource?.meta?.label;
  return label ? `${label} | ${BACK_OFFICE_NAME}` : BACK_OFFICE_NAME;
}

/**
 * Ant Design's theme with Jara's green and text colours that meet WCAG AA contrast (4.5:1) on white:
 * antd's default secondary and placeholder greys (#8c8c8c, #bfbfbf) do not.
 */
const THEME = {
  ...RefineThemes.Green,
  token: {
    ...RefineThemes.Green.token,
    colorPrimary: JARA_GREEN,
    colorTextSecondary: '#595959',
    colorTextDescription: '#595959',
    colorTextTertiary: '#595959',
    colorTextPlaceholder: '#6b6b6b',
    colorTextDisabled: '#6b6b6b',
    colorError: '#c41d2a',
    // Typography type="success" and hovered primary buttons stay at 4.5:1 or more with white or on white.
    colorSuccess: '#237804',
    colorPrimaryHover: '#096b42',
    colorPrimaryActive: '#075c38',
    colorLink: JARA_GREEN,
    // A hovered link keeps 4.5:1 on white too (axe read a row's link under the pointer at 3.4:1).
    colorLinkHover: '#096b42',
    colorLinkActive: '#075c38',
  },
  components: {
    ...RefineThemes.Green.components,
    // The selected sider entry: green text on a pale green (5:1), not on antd's darker mix (2.6:1).
    Menu: { itemSelectedBg: '#e3f2ea', itemSelectedColor: '#075c38', itemActiveBg: '#e3f2ea' },
  },
};

export default function App() {
  return (
    <BrowserRouter>
      <ConfigProvider theme={THEME}>
        <AntdApp notification={{ placement: 'topRight', duration: TOAST_AUTO_CLOSE_MS / 1000 }}>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              title: { text: 'Jara' },
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } } },
            }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="authenticated-inner" fallback={<CatchAllNavigate to="/login" />}>
                    <ThemedLayout Title={JaraTitle} Sider={FixedSider} Header={JaraHeader}>
                      <CanAccess fallback={<Forbidden />}>
                        <Page>
                          <Outlet />
                        </Page>
                      </CanAccess>
                    </ThemedLayout>
                  </Authenticated>
                }
              >
                <Route index element={<DashboardPage />} />
                <Route path="/users" element={<UserList />} />
                <Route path="/products">
                  <Route index element={<ProductList />} />
                  <Route path="show/:id" element={<ProductShow />} />
                  <Route path="edit/:id" element={<ProductEdit />} />
                </Route>
                {describedRoutes}
                <Route path="/currencies/live-rates" element={<LiveRatesPage />} />
                <Route path="/orders">
                  <Route index element={<OrderList />} />
                  <Route path="show/:id" element={<OrderShow />} />
                </Route>
                <Route path="/invoices">
                  <Route index element={<InvoiceList />} />
                  <Route path="create" element={<InvoiceCreate />} />
                  <Route path="show/:id" element={<InvoiceShow />} />
                </Route>
                <Route path="/wallets">
                  <Route index element={<WalletList />} />
                  <Route path="show/:id" element={<WalletShow />} />
                </Route>
                <Route path="/payouts" element={<PayoutList />} />
                <Route path="/deliveries">
                  <Route index element={<DeliveryList />} />
                  <Route path=":id" element={<DeliveryShow />} />
                  <Route path=":id/label" element={<DeliveryLabel />} />
                  <Route path=":id/packing-list" element={<PackingList />} />
                </Route>
                <Route path="/trackings" element={<TrackingTable />} />
                <Route path="/logistics-settings" element={<LogisticsSettingsPage />} />
                <Route path="/receipts/receive" element={<ReceivePage />} />
                <Route path="/consolidations" element={<ConsolidationList />} />
                <Route path="/receipt-settings" element={<ReceiptSettingsPage />} />
                <Route path="/notifications" element={<NotificationList />} />
                <Route path="/audit-log" element={<AuditLogList />} />
                <Route path="/reconciliation" element={<ReconciliationPage />} />
                <Route path="/rider" element={<RiderPage />} />
                <Route path="/problems" element={<ProblemQueue />} />
                <Route path="*" element={<ErrorComponent />} />
              </Route>
              <Route
                element={
                  <Authenticated key="authenticated-outer" fallback={<Outlet />}>
                    <NavigateToResource resource={session.role() === 'rider' ? 'rider' : 'dashboard'} />
                  </Authenticated>
                }
              >
                <Route
                  path="/login"
                  element={
                    <Page>
                      <LoginPage />
                    </Page>
                  }
                />
              </Route>
            </Routes>
            <UnsavedChangesNotifier />
            <DocumentTitleHandler handler={documentTitle} />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
