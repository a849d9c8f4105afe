import type { ReactElement, ReactNode } from 'react';
import type { BaseRecord, CrudFilter, CrudSort } from '@refinedev/core';
import type { FormItemProps, TableColumnsType, TableProps } from 'antd';
import type { Class } from '@jara/dto';

/** What a description's columns, actions and extras know of the list they are drawn in. */
export interface ListContext<X> {
  /** A phone-sized screen (below the description's breakpoint): icon-only buttons, fewer columns. */
  compact: boolean;
  /** The running number of a row across pages (the spec's S/N column). */
  serial: (index: number) => number;
  /** The id of the row being edited in the inline form, if any. */
  editingId?: number;
  /** What the description's useExtra hook returned (a status mutation, a modal's state...). */
  extra: X;
}

/** A filter of the list's toolbar: a search box or a select, bound to one query parameter. */
export type FilterDescription =
  | { kind: 'search'; field: string; placeholder: string; maxWidth?: number }
  | { kind: 'select'; field: string; label: string; placeholder: string; options: { value: string; label: string }[] };

/** One input of the inline form: its rules, required mark and length limit come from the form's DTO. */
export interface FieldDescription {
  /** The DTO's property. */
  name: string;
  label: string;
  /** The control (an Input with the placeholder and the DTO's MaxLength when left out). */
  input?: ReactElement;
  placeholder?: string;
  normalize?: FormItemProps['normalize'];
  /** The flex of the field in its row of the form, e.g. '1 1 240px'. */
  flex: string;
  minWidth?: number;
  /** Only when editing (e.g. the status of a shipping title). */
  editOnly?: boolean;
}

/** The inline create/edit form above the table (the back office's simple resources edit in place). */
export interface FormDescription<T, Req> {
  /** The API's write models (@jara/dto): every field's rules and messages are theirs (update defaults to create). */
  dto: { create: Class<object>; update?: Class<object> };
  createTitle: string;
  editTitle: string;
  createButton: string;
  saveButton?: string;
  /** The fields, row by row. */
  rows: FieldDescription[][];
  /** The create form's starting values. */
  initialValues?: Partial<Req>;
  /** The request body from the form's values (trimmed, numbers as numbers...). */
  toRequest: (values: Req, editing: boolean) => Req;
  created: string;
  updated: string;
  /** The toast's heading when saving failed (its text is the server's message). */
  failed: string | { create: string; update: string };
  /** The failure toast also when the server's field errors show under their fields. */
  toastFieldErrors?: boolean;
  /** An 'Error' toast with the first field's message (the DTO's) when the client-side checks fail. */
  invalidToast?: boolean;
  /** Edit from the table's row instead of GET /{resource}/{id} (for resources the API has no such route for). */
  fromRow?: boolean;
  /** A hook giving a step before saving (e.g. a confirmation): it calls `save` to go on. */
  useBeforeSave?: () => (values: Req, record: Partial<T> | undefined, id: number | undefined, save: () => void) => void;
}

/** The delete button of a row: the confirmation's texts and the toasts (DELETE /{resource}/{id}). */
export interface DeleteDescription<T> {
  confirm: string;
  /** A line under the confirmation's title. */
  confirmText?: string;
  yes: string;
  no?: string;
  deleted: string;
  failed: string;
  /** The button's accessible name (default 'Delete'). */
  labelOf?: (row: T) => string;
}

/** The read-only view of a row, in a drawer (the show fields). */
export interface ShowDescription<T> {
  title: (row: T) => ReactNode;
  fields: { label: string; render: (row: T) => ReactNode }[];
  extra?: (row: T) => ReactNode;
  /** The View button (default 'View'). */
  view?: string;
}

/**
 * A back office resource described once: its list (columns, filters, sorts), its inline form, its show fields and
 * its delete. The generic ResourceList draws it; adding a plain resource is one description and one line in the
 * registry (schema/registry.tsx), no page files.
 */
export interface ResourceDescription<T extends BaseRecord & { id: number }, Req = Partial<T>, X = undefined> {
  /** Refine's resource, the API's path. */
  resource: string;
  title: string;
  /** A control beside the title (e.g. a link to a related page). */
  headerExtra?: ReactNode;
  pageSize: number;
  sorters: { permanent?: CrudSort[]; initial?: CrudSort[] };
  permanentFilters?: CrudFilter[];
  filters?: FilterDescription[];
  /** Below this antd breakpoint the list is compact (default 'sm'). */
  breakpoint?: 'sm' | 'md';
  /** A hook called once a render; what it returns reaches the columns, actions and `below`. */
  useExtra?: () => X;
  columns: (ctx: ListContext<X>) => TableColumnsType<T>;
  /** The actions column: its width on phones and wider screens, buttons stacked on phones. */
  actions?: {
    title?: string | ((compact: boolean) => string);
    width: [compact: number, wide: number];
    stackOnPhone?: boolean;
    fixedRight?: boolean;
    /** A button to the record's own page (Refine's show route), before the others. */
    open?: { text: string; icon: ReactNode; labelOf: (row: T) => string };
    /** Buttons after the generic ones (e.g. 'Assign goods'). */
    after?: (row: T, ctx: ListContext<X>) => ReactNode;
    /** The Edit button's accessible name (default 'Edit'). */
    editLabelOf?: (row: T) => string;
  };
  table?: Pick<TableProps<T>, 'scroll'> | ((compact: boolean) => Pick<TableProps<T>, 'scroll'>);
  errorMessage: string;
  emptyText: string;
  form?: FormDescription<T, Req>;
  show?: ShowDescription<T>;
  delete?: DeleteDescription<T>;
  /** Rendered below the table (e.g. a modal the row actions open). */
  below?: (extra: X) => ReactNode;
}

/** A description with its types erased, as the generic pages take it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDescription = ResourceDescription<any, any, any>;

/** Types a description (and checks it) where it is written. */
export function describe<T extends BaseRecord & { id: number }, Req = Partial<T>, X = undefined>(
  description: ResourceDescription<T, Req, X>,
): AnyDescription {
  return description;
}
