import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/** Initialisers that are pure as they stand. */
const KEPT = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'Literal', 'Identifier', 'TemplateLiteral']);

/**
 * The contracts package mixes zod schemas with the messages, constants and helpers the web app shows. A page that
 * imports `Msg` from a module also got that module's schemas, and zod with them: a schema is built by calls
 * (`z.object(…).extend(…)`, `phone.optional()`), which the bundler must keep in case they do something. Building a
 * schema does nothing but build it, so in the web build every top-level constant of `packages/contracts/src`
 * initialised by a call is wrapped in a pure-annotated function: a page keeps the schemas it uses (the question
 * editor's `questionSave`) and drops the others, and zod when none is left. Order and values are unchanged.
 */
export function pureContracts(): Plugin {
  return {
    name: 'pure-contracts',
    apply: 'build',
    transform: {
      order: 'post',
      filter: { id: /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/ },
      handler(code) {
        const program = this.parse(code) as unknown as { body: Node[] };
        const inits: Node[] = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const { init } of declaration.declarations ?? []) if (init && !KEPT.has(init.type)) inits.push(init);
        }
        if (inits.length === 0) return null;
        let out = code;
        for (const init of inits.sort((a, b) => b.start - a.start))
          out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
        return { code: out, map: null };
      },
    },
  };
}
