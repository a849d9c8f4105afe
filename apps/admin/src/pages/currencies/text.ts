/** Local UI text of the currency pages (spec 2.28); the spec's messages come from MSG.currency and MSG.liveRates. */
export const CURRENCY_TEXT = {
  title: 'Currency Management',
  createTitle: 'Add currency',
  editTitle: 'Edit currency',
  name: 'Name',
  namePlaceholder: 'e.g. Ghanaian Cedi',
  code: 'Code',
  codePlaceholder: 'e.g. GHS',
  buyPrice: 'Buy price (per USD)',
  sellPrice: 'Sell price (per USD)',
  pricePlaceholder: 'e.g. 15.5',
  priceDecimals: 'Prices can have at most 6 decimal places.',
  create: 'Create currency',
  save: 'Update currency',
  cancel: 'Cancel',
  serial: 'S/N',
  buy: 'Buy',
  sell: 'Sell',
  updatedAt: 'Updated At',
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  deleteYes: 'Yes, delete it',
  empty: 'No currencies yet.',
  loadFailed: 'Failed to load currencies.',
  // Live rates
  liveTitle: 'Live Exchange Rates',
  converter: 'Live converter',
  amount: 'Amount',
  from: 'From',
  to: 'To',
  swap: 'Swap currencies',
  result: 'Result',
  rateTable: 'Rates against',
  currency: 'Currency',
  rate: 'Rate',
  search: 'Search by code',
  fetchedAt: (when: string) => `Rates fetched ${when}.`,
  staleSince: (when: string) => `Last good rates from ${when}.`,
  tryAgain: 'Try again',
  noRates: 'No rates to show.',
  notConfiguredHint: 'The converter works once the API can reach the exchange-rate service.',
} as const;

/** POST /currencies and PATCH /currencies/{id} body: prices as fixed decimal strings. */
export interface CurrencyRequest {
  name: string;
  code: string;
  buy_price: string;
  sell_price: string;
}
