// Unit test of jara/table-ownership (node:test; `npm test` runs it after jest: `npm run test:lint-rules`).
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { tableOwnershipRule } from './table-ownership.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tsParser, parserOptions: { ecmaVersion: 2022, sourceType: 'module' } },
});

const ROOT = process.cwd();
const orders = `${ROOT}/apps/api/src/modules/orders/orders.service.ts`;
const invoices = `${ROOT}/apps/api/src/modules/invoices/invoices.service.ts`;
const common = `${ROOT}/apps/api/src/common/outbox/outbox.service.ts`;
const IMPORT = "import { Invoice } from '../invoices/invoice.entity';\n";
const error = (entity = 'Invoice', owner = 'invoices') => ({
  messageId: 'foreignWrite',
  data: { mine: 'orders', entity, owner, table: entity === 'Invoice' ? 'invoices' : entity },
});

tester.run('table-ownership', tableOwnershipRule, {
  valid: [
    // reads of another module's entity are fine (read models)
    { filename: orders, code: IMPORT + 'async function f(m) { return m.findOne(Invoice, { where: { id: 1 } }); }' },
    { filename: orders, code: IMPORT + 'async function f(m) { return m.getRepository(Invoice).find(); }' },
    { filename: orders, code: IMPORT + 'async function f(m) { return m.exists(Invoice, { where: { id: 1 } }); }' },
    {
      filename: orders,
      code:
        IMPORT + "async function f(m) { return m.createQueryBuilder().select('i.id').from(Invoice, 'i').getMany(); }",
    },
    {
      filename: orders,
      code:
        IMPORT +
        "async function f(m) { return m.createQueryBuilder(Invoice, 'i').leftJoin('i.items', 'x').getMany(); }",
    },
    {
      filename: orders,
      code: IMPORT + 'async function f(m) { const r = m.getRepository(Invoice); return r.findOneBy({ id: 1 }); }',
    },
    // a module writes its own tables
    {
      filename: invoices,
      code: "import { Invoice } from './invoice.entity';\nasync function f(m) { await m.update(Invoice, { id: 1 }, { status: 'paid' }); }",
    },
    // writes of the module's own entity (imported from its own folder by a longer path)
    {
      filename: orders,
      code: "import { Order } from '../orders/order.entity';\nasync function f(m) { await m.save(Order, {}); }",
    },
    // a type-only import cannot write anything
    {
      filename: orders,
      code: "import type { Invoice } from '../invoices/invoice.entity';\nfunction f(i: Invoice) { return i.id; }",
    },
    // files outside apps/api/src/modules are not checked
    {
      filename: common,
      code: "import { Invoice } from '../../modules/invoices/invoice.entity';\nasync function f(m) { await m.update(Invoice, {}, {}); }",
    },
    // an update on something else that is not the entity
    { filename: orders, code: IMPORT + 'async function f(m, set) { set.delete(1); await m.update(Order, {}, {}); }' },
    // a target named by a string: reads of another module's table, writes of the module's own
    {
      filename: orders,
      code: "async function f(m) { return m.createQueryBuilder().select('i.id').from('invoices', 'i').getMany(); }",
    },
    {
      filename: orders,
      code: "async function f(m) { await m.createQueryBuilder().update('orders').set({ status: '2' }).execute(); }",
    },
    { filename: orders, code: "async function f(m, cache) { cache.delete('not_a_table'); }" },
    // a documented exception in the allow-list
    {
      filename: orders,
      code: IMPORT + "async function f(m) { await m.update(Invoice, { id: 1 }, { status: 'paid' }); }",
      options: [
        {
          allow: [
            {
              file: 'apps/api/src/modules/orders/orders.service.ts',
              entity: 'Invoice',
              reason: 'a documented exception for this test',
            },
          ],
        },
      ],
    },
  ],
  invalid: [
    {
      filename: orders,
      code: IMPORT + "async function f(m) { await m.update(Invoice, { id: 1 }, { status: 'paid' }); }",
      errors: [error()],
    },
    { filename: orders, code: IMPORT + 'async function f(m) { await m.insert(Invoice, {}); }', errors: [error()] },
    {
      filename: orders,
      code: IMPORT + 'async function f(m) { await m.delete(Invoice, { id: 1 }); }',
      errors: [error()],
    },
    { filename: orders, code: IMPORT + 'async function f(m) { await m.save(Invoice, {}); }', errors: [error()] },
    {
      filename: orders,
      code: IMPORT + 'async function f(m) { await m.save(m.create(Invoice, {})); }',
      errors: [error()],
    },
    {
      filename: orders,
      code: IMPORT + "async function f(m) { await m.increment(Invoice, { id: 1 }, 'amount', 1); }",
      errors: [error()],
    },
    {
      filename: orders,
      code: IMPORT + "async function f(m) { await m.decrement(Invoice, { id: 1 }, 'amount', 1); }",
      errors: [error()],
    },
    {
      filename: orders,
      code: IMPORT + "async function f(m) { await m.upsert(Invoice, {}, ['id']); }",
      errors: [error()],
    },
    {
      filename: orders,
      code: IMPORT + 'async function f(m) { await m.softDelete(Invoice, { id: 1 }); }',
      errors: [error()],
    },
    {
      filename: orders,
      code:
        IMPORT +
        "async function f(m) { await m.createQueryBuilder().update(Invoice).set({ status: 'paid' }).where('id = 1').execute(); }",
      errors: [error()],
    },
    {
      filename: orders,
      code:
        IMPORT + 'async function f(m) { await m.createQueryBuilder().insert().into(Invoice).values({}).execute(); }',
      errors: [error()],
    },
    {
      filename: orders,
      code:
        IMPORT +
        "async function f(m) { await m.createQueryBuilder().delete().from(Invoice).where('id = 1').execute(); }",
      errors: [error()],
    },
    {
      filename: orders,
      code: IMPORT + "async function f(m) { await m.getRepository(Invoice).update({ id: 1 }, { status: 'paid' }); }",
      errors: [error()],
    },
    {
      filename: orders,
      code: IMPORT + 'async function f(m) { const repo = m.getRepository(Invoice); await repo.save({ id: 1 }); }',
      errors: [error()],
    },
    {
      filename: orders,
      code:
        IMPORT +
        "async function f(m) { await m.getRepository(Invoice).createQueryBuilder().update().set({ status: 'paid' }).execute(); }",
      errors: [error()],
    },
    {
      filename: orders,
      code:
        IMPORT +
        "import { InjectRepository } from '@nestjs/typeorm';\n" +
        'class S { constructor(@InjectRepository(Invoice) private readonly invoices: unknown) {}\n' +
        '  async f() { await (this.invoices as any).delete({ id: 1 }); } }',
      errors: [error()],
    },
    {
      filename: orders,
      code:
        IMPORT +
        'class S { private readonly repo = this.db.getRepository(Invoice); async f() { await this.repo.insert({}); } }',
      errors: [error()],
    },
    // a target named by a string (table name or entity name)
    {
      filename: orders,
      code: "async function f(m) { await m.createQueryBuilder().update('invoices').set({ status: 'paid' }).execute(); }",
      errors: [error()],
    },
    {
      filename: orders,
      code: "async function f(m) { await m.getRepository('Invoice').save({ id: 1 }); }",
      errors: [error()],
    },
    {
      filename: orders,
      code: "async function f(m) { await m.createQueryBuilder().insert().into('products').values({}).execute(); }",
      errors: [
        {
          messageId: 'foreignWrite',
          data: { mine: 'orders', entity: 'Product', owner: 'products', table: 'products' },
        },
      ],
    },
    // an alias is still the entity; an allow-list entry for another file does not apply
    {
      filename: orders,
      code: "import { Invoice as Bill } from '../invoices/invoice.entity';\nasync function f(m) { await m.update(Bill, {}, {}); }",
      options: [
        {
          allow: [
            { file: 'apps/api/src/modules/deliveries/x.ts', entity: 'Invoice', reason: 'another file, not this one' },
          ],
        },
      ],
      errors: [error()],
    },
  ],
});
