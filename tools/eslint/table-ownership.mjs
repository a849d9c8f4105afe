/**
 * jara/table-ownership: one owner per table (issue 21, decision 027).
 *
 * A file under apps/api/src/modules/<A>/ may READ any module's entity (find, findOne, exists, a select query builder,
 * joins: read models are fine), but it may not WRITE an entity that lives in apps/api/src/modules/<B>/ (B != A). To
 * change another module's rows, call the owning module's service inside your transaction, passing the EntityManager.
 *
 * A write is any of:
 *   - x.insert / update / delete / save / upsert / increment / decrement / softDelete / remove / softRemove / restore /
 *     recover / clear whose target is the foreign entity: its first argument (m.update(Invoice, ...),
 *     m.save(Invoice, row), m.save(m.create(Invoice, ...)), qb.update(Invoice)), or its receiver
 *     (m.getRepository(Invoice).update(...), a variable or field holding getRepository(Invoice) or
 *     @InjectRepository(Invoice), m.createQueryBuilder(Invoice, 'i').update());
 *   - createQueryBuilder().insert().into(Invoice) and createQueryBuilder().delete().from(Invoice).
 * Raw SQL (m.query) is not seen: do not write another module's table through it either.
 *
 * Options: { allow: [{ file, entity, reason }] }: `file` is the path from the repository root, `entity` the class
 * name; every entry must say why (a genuine exception that remains). The ESLint config holds the list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const WRITE_METHODS = new Set([
  'insert',
  'update',
  'delete',
  'save',
  'upsert',
  'increment',
  'decrement',
  'softDelete',
  'remove',
  'softRemove',
  'restore',
  'recover',
  'clear',
]);

const MODULE_OF = /(?:^|\/)apps\/api\/src\/modules\/([^/]+)\//;

function moduleOf(path) {
  return MODULE_OF.exec(path.split(sep).join('/'))?.[1];
}

const tableCache = new Map();
/**
 * The table name of `className` in the entity file at `path` (without extension), from the @Entity('name') between
 * the previous class and this one; null when that class is not an entity (or the file cannot be read).
 */
function tableOf(path, className) {
  const key = `${path}#${className}`;
  if (tableCache.has(key)) return tableCache.get(key);
  let table = null;
  for (const ext of ['.ts', '.js']) {
    try {
      const text = readFileSync(path + ext, 'utf8');
      const at = text.search(new RegExp(`class\\s+${className}\\b`));
      if (at < 0) break;
      const before = text.slice(0, at);
      const previous = [...before.matchAll(/^(?:export\s+)?(?:abstract\s+)?class\s/gm)].pop();
      const segment = before.slice(previous?.index ?? 0);
      const decorator = /@Entity\(\s*(?:\{\s*name:\s*)?['"`]([^'"`]+)['"`]/.exec(segment);
      if (decorator) table = decorator[1];
      break;
    } catch {
      // not this extension
    }
  }
  tableCache.set(key, table);
  return table;
}

const namesCache = new Map();
/**
 * Entity names and table names of every module (for writes that name their target by a string, e.g.
 * createQueryBuilder().update('invoices') or m.getRepository('Invoice')): name -> { owner, entity, table }.
 */
function namedTargets(modulesDir) {
  if (namesCache.has(modulesDir)) return namesCache.get(modulesDir);
  const names = new Map();
  let modules = [];
  try {
    modules = readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  } catch {
    // not a checkout with modules (tests with virtual file names)
  }
  for (const dir of modules) {
    for (const file of readdirSync(join(modulesDir, dir.name)).filter((f) => /\.entity\.ts$/.test(f))) {
      const path = join(modulesDir, dir.name, file.replace(/\.ts$/, ''));
      const text = readFileSync(`${path}.ts`, 'utf8');
      for (const match of text.matchAll(/export\s+class\s+(\w+)/g)) {
        const entity = match[1];
        const table = tableOf(path, entity);
        if (!table) continue;
        const hit = { owner: dir.name, entity, table };
        names.set(entity, hit);
        names.set(table, hit);
      }
    }
  }
  namesCache.set(modulesDir, names);
  return names;
}

/** @type {import('eslint').Rule.RuleModule} */
export const tableOwnershipRule = {
  meta: {
    type: 'problem',
    docs: {
      description: "A module writes only its own tables: no write to an entity imported from another module's folder.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                file: { type: 'string' },
                entity: { type: 'string' },
                reason: { type: 'string', minLength: 10 },
              },
              required: ['file', 'entity', 'reason'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      foreignWrite:
        "Module '{{mine}}' writes {{entity}} (table {{table}}), which module '{{owner}}' owns: call the {{owner}} module's service inside your transaction (pass the EntityManager) instead.",
    },
  },

  create(context) {
    const filename = context.filename ?? context.getFilename();
    const mine = moduleOf(filename);
    if (!mine) return {};
    const cwd = context.cwd ?? context.getCwd?.() ?? process.cwd();
    const fileFromRoot = relative(cwd, filename).split(sep).join('/');
    const allowed = new Set(
      (context.options[0]?.allow ?? []).filter((a) => a.file === fileFromRoot).map((a) => a.entity),
    );

    /** local name -> { owner, entity, table } for value imports of another module's *.entity file */
    const foreign = new Map();
    /** variable names and `this.<field>` names bound to a repository of a foreign entity */
    const repoVars = new Map();
    const repoFields = new Map();
    /** the calls of a write-like method, checked at Program:exit */
    const pending = [];

    const modulesDir =
      filename.slice(0, filename.split(sep).join('/').lastIndexOf('/apps/api/src/modules/')) + '/apps/api/src/modules';
    const entityOf = (node) => {
      if (!node) return undefined;
      if (node.type === 'Identifier') return foreign.get(node.name);
      if (
        (node.type === 'Literal' && typeof node.value === 'string') ||
        (node.type === 'TemplateLiteral' && !node.expressions.length)
      ) {
        const name = node.type === 'Literal' ? node.value : node.quasis[0].value.cooked;
        const hit = namedTargets(modulesDir).get(name);
        return hit && hit.owner !== mine ? hit : undefined;
      }
      if (node.type === 'TSAsExpression' || node.type === 'TSNonNullExpression') return entityOf(node.expression);
      // m.create(Invoice, {...}) / new Invoice()
      if (
        node.type === 'CallExpression' &&
        node.callee.type === 'MemberExpression' &&
        propName(node.callee) === 'create'
      )
        return entityOf(node.arguments[0]);
      if (node.type === 'NewExpression') return entityOf(node.callee);
      return undefined;
    };

    /** The foreign entity a receiver stands for: getRepository(X), createQueryBuilder(X, ...), a repo variable or field. */
    const receiverEntity = (node) => {
      let n = node;
      while (n) {
        if (n.type === 'Identifier') return repoVars.get(n.name);
        if (n.type === 'MemberExpression') {
          if (n.object.type === 'ThisExpression' && !n.computed && n.property.type === 'Identifier')
            return repoFields.get(n.property.name);
          n = n.object;
          continue;
        }
        if (n.type === 'CallExpression') {
          const name = n.callee.type === 'MemberExpression' ? propName(n.callee) : n.callee.name;
          if (name === 'getRepository' || name === 'createQueryBuilder' || name === 'withRepository') {
            const hit = entityOf(n.arguments[0]);
            if (hit) return hit;
          }
          n = n.callee;
          continue;
        }
        if (n.type === 'TSNonNullExpression' || n.type === 'TSAsExpression' || n.type === 'AwaitExpression') {
          n = n.expression ?? n.argument;
          continue;
        }
        return undefined;
      }
      return undefined;
    };

    /** Whether the call chain under `node` contains a call of one of `names` (e.g. delete before from). */
    const chainHas = (node, names) => {
      let n = node;
      while (n) {
        if (n.type === 'CallExpression') {
          if (n.callee.type === 'MemberExpression' && names.includes(propName(n.callee))) return true;
          n = n.callee;
        } else if (n.type === 'MemberExpression') n = n.object;
        else return false;
      }
      return false;
    };

    const report = (node, hit) => {
      if (allowed.has(hit.entity)) return;
      context.report({ node, messageId: 'foreignWrite', data: { mine, ...hit } });
    };

    const repoBinding = (init) => {
      if (!init) return undefined;
      let n = init;
      if (n.type === 'AwaitExpression') n = n.argument;
      if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression') {
        const name = propName(n.callee);
        if (name === 'getRepository' || name === 'withRepository') return entityOf(n.arguments[0]);
      }
      return undefined;
    };

    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        const source = String(node.source.value);
        if (!/\.entity$/.test(source) || !source.startsWith('.')) return;
        const target = resolve(dirname(filename), source);
        const owner = moduleOf(target);
        if (!owner || owner === mine) return;
        for (const spec of node.specifiers) {
          if (spec.importKind === 'type') continue;
          const entity =
            spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : spec.local.name;
          foreign.set(spec.local.name, { owner, entity, table: tableOf(target, entity) ?? entity });
        }
      },

      VariableDeclarator(node) {
        if (node.id.type !== 'Identifier') return;
        const hit = repoBinding(node.init);
        if (hit) repoVars.set(node.id.name, hit);
      },

      PropertyDefinition(node) {
        if (node.key.type !== 'Identifier') return;
        const hit = repoBinding(node.value);
        if (hit) repoFields.set(node.key.name, hit);
      },

      AssignmentExpression(node) {
        // this.repo = m.getRepository(X)
        const left = node.left;
        if (
          left.type === 'MemberExpression' &&
          left.object.type === 'ThisExpression' &&
          left.property.type === 'Identifier'
        ) {
          const hit = repoBinding(node.right);
          if (hit) repoFields.set(left.property.name, hit);
        }
      },

      TSParameterProperty(node) {
        // constructor(@InjectRepository(X) private readonly repo: Repository<X>)
        const param = node.parameter;
        const name = param.type === 'Identifier' ? param.name : param.left?.name;
        for (const decorator of node.decorators ?? param.decorators ?? []) {
          const call = decorator.expression;
          if (
            call.type === 'CallExpression' &&
            call.callee.type === 'Identifier' &&
            call.callee.name === 'InjectRepository'
          ) {
            const hit = entityOf(call.arguments[0]);
            if (hit && name) repoFields.set(name, hit);
          }
        }
      },

      'Program:exit'() {
        // Calls are checked at the end so that fields declared after their use are known.
        for (const node of pending) {
          const callee = node.callee;
          const method = propName(callee);
          if (method === 'into') {
            const hit = entityOf(node.arguments[0]);
            if (hit && chainHas(callee.object, ['insert'])) report(node, hit);
            continue;
          }
          if (method === 'from') {
            const hit = entityOf(node.arguments[0]);
            if (hit && chainHas(callee.object, ['delete', 'softDelete'])) report(node, hit);
            continue;
          }
          const hit = entityOf(node.arguments[0]) ?? receiverEntity(callee.object);
          if (hit) report(node, hit);
        }
      },

      CallExpression(node) {
        if (node.callee.type !== 'MemberExpression') return;
        const method = propName(node.callee);
        if (method === 'into' || method === 'from' || WRITE_METHODS.has(method)) pending.push(node);
      },
    };
  },
};

function propName(member) {
  if (member.computed) return member.property.type === 'Literal' ? String(member.property.value) : undefined;
  return member.property.name;
}

export default {
  meta: { name: 'jara', version: '1.0.0' },
  rules: { 'table-ownership': tableOwnershipRule },
};
