import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useDelete, useUpdate, type HttpError } from '@refinedev/core';
import { Button, Form, Input, Popconfirm, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  ACTIVE,
  INACTIVE,
  MSG,
  PAGE_SIZES,
  ROLES,
  ROLE_LABELS,
  activeLabel,
  isRole,
  userStatusLabel,
  type AdminUpdateUserRequest,
  type PublicUser,
  type Role,
  type UserStatusValue,
} from '@jara/contracts';
import { AdminUpdateUserDto } from '@jara/dto';
import { fieldError } from '../../providers/http';
import { PagedTable } from '../../components/paged-table';
import { PageTitle } from '../../components/page-title';
import { useListTable } from '../../schema/list-table';
import { FilterSearch, FilterSelect, Toolbar, type FilterTable } from '../../components/list-filters';
import { dtoMaxLength, dtoRules } from '../../components/dto-rules';

/** Local UI text of the User Manager (spec 2.20); the spec's messages come from MSG.users. */
const TEXT = {
  title: 'User Manager',
  searchPlaceholder: 'Search by name or e-mail',
  allRoles: 'All roles',
  roleFilter: 'Filter by role',
  sortBy: 'Sort by',
  sortName: 'Name',
  sortStatus: 'Status',
  noPhone: MSG.users.noPhone,
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  confirmDelete: 'Delete',
  empty: 'No users found.',
} as const;

type SortKey = 'name' | 'status';
const SORTS: Record<SortKey, { field: string; order: 'asc' | 'desc' }> = {
  name: { field: 'name', order: 'asc' },
  status: { field: 'status', order: 'desc' },
};

const ROLE_COLORS: Record<Role, string> = { admin: 'gold', vendor: 'blue', customer: 'green', rider: 'purple' };
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

interface EditValues {
  name?: string;
  email?: string;
  phone?: string;
  role?: Role;
  status?: UserStatusValue;
}

/** Only non-empty fields are sent (spec section 5). */
function toPayload(values: EditValues): AdminUpdateUserRequest {
  const payload: AdminUpdateUserRequest = {};
  const name = values.name?.trim();
  const email = values.email?.trim();
  const phone = values.phone?.trim();
  if (name) payload.name = name;
  if (email) payload.email = email;
  if (phone) payload.phone = phone;
  if (values.role) payload.role = values.role;
  if (values.status === ACTIVE || values.status === INACTIVE) payload.status = values.status;
  return payload;
}

export default function UserList() {
  const [form] = Form.useForm<EditValues>();
  const [editingId, setEditingId] = useState<number | null>(null);

  const table = useListTable<PublicUser>({
    resource: 'users',
    pageSize: PAGE_SIZES.users,
    sorters: { initial: [{ field: 'name', order: 'asc' }] },
  });
  const { sorters, applySort, setCurrentPage } = table;

  const sortKey: SortKey = sorters[0]?.field === 'status' ? 'status' : 'name';

  // A new filter leaves the edit first.
  const filterTable: FilterTable = {
    ...table,
    applyFilter: (field, value) => {
      setEditingId(null);
      table.applyFilter(field, value);
    },
  };

  const { mutate: update, mutation: updating } = useUpdate<PublicUser, HttpError, AdminUpdateUserRequest>();
  const saving = updating.isPending;
  const saveVariables = updating.variables;
  const { mutate: remove, mutation: deletion } = useDelete<PublicUser, HttpError>();
  const deletingId = deletion.isPending ? deletion.variables?.id : undefined;

  const startEdit = (user: PublicUser) => {
    form.resetFields();
    form.setFieldsValue({
      name: user.name ?? '',
      email: user.email,
      phone: user.phone ?? '',
      role: isRole(user.role) ? user.role : undefined,
      status: user.status === ACTIVE ? ACTIVE : INACTIVE,
    });
    setEditingId(user.id);
  };

  const save = async (user: PublicUser) => {
    let values: EditValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    update(
      {
        resource: 'users',
        id: user.id,
        values: toPayload(values),
        successNotification: () => ({ message: MSG.users.updated, type: 'success' }),
        // Refine's antd notifications show `description` as the heading and `message` as the text.
        errorNotification: (error) => ({
          description: MSG.users.updateFailed,
          message: error?.message ?? MSG.users.updateFailed,
          type: 'error',
        }),
      },
      {
        onSuccess: () => setEditingId(null),
        onError: (error) => {
          const fields = (['name', 'email', 'phone', 'role', 'status'] as const)
            .map((name) => ({ name, errors: [fieldError(error, name)].filter((m): m is string => Boolean(m)) }))
            .filter((f) => f.errors.length > 0);
          if (fields.length) form.setFields(fields);
        },
      },
    );
  };

  const confirmDelete = (user: PublicUser) =>
    remove({
      resource: 'users',
      id: user.id,
      successNotification: () => ({ message: MSG.users.deleted, type: 'success' }),
      // e.g. deleting yourself: the API answers 422 with its own message, shown as the description.
      errorNotification: (error) => ({
        description: MSG.users.deleteFailed,
        message: error?.message ?? MSG.users.deleteFailed,
        type: 'error',
      }),
    });

  const columns = useMemo<TableColumnsType<PublicUser>>(() => {
    const editing = (user: PublicUser) => user.id === editingId;
    /** A column whose cell is the field's input (its rules from AdminUpdateUserDto) while its row is edited. */
    const field = (
      name: keyof EditValues,
      title: string,
      width: number,
      input: ReactElement,
      show: (user: PublicUser) => ReactNode,
    ) => ({
      title,
      dataIndex: name,
      width,
      render: (_: unknown, user: PublicUser) =>
        editing(user) ? (
          <Form.Item name={name} rules={dtoRules(AdminUpdateUserDto, name)} style={{ margin: 0 }}>
            {input}
          </Form.Item>
        ) : (
          show(user)
        ),
    });
    return [
      field(
        'name',
        'Name',
        180,
        <Input aria-label="Name" autoComplete="off" maxLength={dtoMaxLength(AdminUpdateUserDto, 'name')} />,
        (user) => <Typography.Text strong>{user.name || '—'}</Typography.Text>,
      ),
      field(
        'email',
        'E-mail',
        250,
        <Input
          aria-label="E-mail"
          type="email"
          autoComplete="off"
          maxLength={dtoMaxLength(AdminUpdateUserDto, 'email')}
        />,
        (user) => user.email,
      ),
      field(
        'phone',
        'Phone',
        160,
        <Input aria-label="Phone" autoComplete="off" />,
        (user) => user.phone || TEXT.noPhone,
      ),
      field('role', 'Role', 120, <Select aria-label="Role" options={ROLE_OPTIONS} />, (user) => (
        <Tag color={isRole(user.role) ? ROLE_COLORS[user.role] : undefined}>
          {isRole(user.role) ? ROLE_LABELS[user.role] : user.role}
        </Tag>
      )),
      field(
        'status',
        'Status',
        115,
        <Select
          aria-label="Status"
          options={[ACTIVE, INACTIVE].map((value) => ({ value, label: activeLabel(value) }))}
        />,
        (user) => <Tag color={user.status === ACTIVE ? 'success' : 'default'}>{userStatusLabel(user.status)}</Tag>,
      ),
      {
        title: 'Actions',
        key: 'actions',
        width: 195,
        fixed: 'right',
        render: (_, user) => {
          if (editing(user)) {
            const isSaving = saving && saveVariables?.id === user.id;
            return (
              <Space>
                <Button type="primary" size="small" loading={isSaving} onClick={() => save(user)}>
                  {isSaving ? MSG.users.saving : TEXT.save}
                </Button>
                <Button size="small" disabled={isSaving} onClick={() => setEditingId(null)}>
                  {TEXT.cancel}
                </Button>
              </Space>
            );
          }
          const isDeleting = deletingId === user.id;
          return (
            <Space>
              <Button
                size="small"
                icon={<EditOutlined />}
                disabled={editingId !== null || isDeleting}
                onClick={() => startEdit(user)}
              >
                {TEXT.edit}
              </Button>
              <Popconfirm
                title={MSG.users.deleteConfirm}
                okText={TEXT.confirmDelete}
                cancelText={TEXT.cancel}
                okButtonProps={{ danger: true }}
                onConfirm={() => confirmDelete(user)}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  loading={isDeleting}
                  disabled={editingId !== null}
                >
                  {isDeleting ? MSG.users.deleting : TEXT.delete}
                </Button>
              </Popconfirm>
            </Space>
          );
        },
      },
    ];
    // save/startEdit/confirmDelete only close over stable hooks and the values listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingId, saving, saveVariables?.id, deletingId]);

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>

      <Toolbar table={filterTable}>
        <FilterSearch field="q" placeholder={TEXT.searchPlaceholder} />
        <FilterSelect
          field="role"
          label={TEXT.roleFilter}
          all={TEXT.allRoles}
          options={ROLE_OPTIONS}
          style={{ flex: '0 0 160px' }}
        />
        <Select
          aria-label={TEXT.sortBy}
          value={sortKey}
          onChange={(value: SortKey) => {
            setEditingId(null);
            applySort(SORTS[value]);
          }}
          options={[
            { value: 'name', label: `${TEXT.sortBy}: ${TEXT.sortName}` },
            { value: 'status', label: `${TEXT.sortBy}: ${TEXT.sortStatus}` },
          ]}
          style={{ flex: '0 0 170px' }}
        />
      </Toolbar>

      <PagedTable<PublicUser>
        table={table}
        errorMessage={MSG.users.loadError}
        emptyText={TEXT.empty}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1020 }}
        onPageChange={(page) => {
          setEditingId(null);
          setCurrentPage(page);
        }}
        wrap={(content) => (
          <Form
            form={form}
            component={false}
            // Server field errors clear as soon as the field is edited.
            onValuesChange={(changed: EditValues) =>
              form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof EditValues, errors: [] })))
            }
          >
            {content}
          </Form>
        )}
      />
    </div>
  );
}
