import { MSG, type Location } from '@jara/contracts';
import { CreateLocationDto, UpdateLocationDto } from '@jara/dto';
import { ActiveTag, activeSelect } from '../schema/cells';
import { describe } from '../schema/types';
import { LOGISTICS_DELETE, LOGISTICS_SAVED } from '../pages/logistics/shared';
import { LOGISTICS_TEXT as TEXT } from '../pages/logistics/text';

interface LocationRequest {
  name: string;
  status: number;
}

/** Manage Locations (spec 2.26): the form above a searchable table of every location (admins see inactive ones too). */
export default describe<Location, LocationRequest>({
  resource: 'locations',
  title: TEXT.locationsTitle,
  pageSize: 10,
  sorters: { permanent: [{ field: 'id', order: 'desc' }] },
  filters: [{ kind: 'search', field: 'q', placeholder: TEXT.locationSearch }],
  columns: ({ compact, serial }) => [
    { title: TEXT.serial, key: 'sn', width: compact ? 48 : 64, render: (_, __, index) => serial(index) },
    { title: TEXT.status, dataIndex: 'status', width: 100, render: (v: number) => <ActiveTag status={v} /> },
    { title: TEXT.name, dataIndex: 'name' },
  ],
  actions: { width: [88, 190] },
  errorMessage: MSG.locations.loadFailed,
  emptyText: TEXT.locationsEmpty,
  form: {
    dto: { create: CreateLocationDto, update: UpdateLocationDto },
    ...LOGISTICS_SAVED,
    createTitle: TEXT.locationCreateTitle,
    editTitle: TEXT.locationEditTitle,
    createButton: TEXT.locationCreate,
    initialValues: { status: 1 },
    rows: [
      [
        {
          name: 'name',
          label: TEXT.name,
          placeholder: TEXT.locationPlaceholder,
          flex: '1 1 240px',
        },
        { name: 'status', label: TEXT.status, input: activeSelect(TEXT.status), flex: '0 1 160px', minWidth: 140 },
      ],
    ],
    toRequest: (v) => ({ name: v.name.trim(), status: Number(v.status) }),
  },
  delete: LOGISTICS_DELETE,
});
