// ESLint rule: a route file holds no SQL. A route file is any server file that declares routes (imports
// http/module.js, or registers them on Fastify by hand), whatever its name. In it: no query builder, no
// `queries` module, no database connection module, no `sql` template. Its handlers call services.
const BUILDER = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'selectNoFrom',
  'executeQuery',
]);
const ROUTE_IMPORTS = /(^|\/)http\/module\.js$/;
const SQL_IMPORTS = /^kysely$|(^|\/)queries(-[\w-]+)?\.js$|[\w-]+-queries\.js$|(^|\/)db\/connection\.js$/;

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Route files hold no SQL: they call services, which call queries.' },
    messages: {
      sql: 'Route files hold no SQL ({{what}}): move it into the module’s queries, called from its service.',
    },
    schema: [],
  },
  create(context) {
    const suspects = [];
    let routeFile = /(^|\/)(routes|[\w-]+-routes)\.ts$/.test(context.filename);
    const flag = (node, what) => suspects.push({ node, what });
    return {
      ImportDeclaration(node) {
        const from = String(node.source.value);
        if (ROUTE_IMPORTS.test(from)) routeFile = true;
        if (SQL_IMPORTS.test(from)) flag(node, `import from ${from}`);
      },
      MemberExpression(node) {
        if (node.property.type !== 'Identifier') return;
        if (BUILDER.has(node.property.name)) flag(node, `.${node.property.name}`);
        if (node.property.name === 'route' || node.property.name === 'post' || node.property.name === 'get') {
          if (node.object.type === 'Identifier' && (node.object.name === 'app' || node.object.name === 'r')) {
            routeFile = true;
          }
        }
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && node.tag.name === 'sql') flag(node, 'sql`…`');
      },
      'Program:exit'() {
        if (!routeFile) return;
        for (const { node, what } of suspects) context.report({ node, messageId: 'sql', data: { what } });
      },
    };
  },
};
