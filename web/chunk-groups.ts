import type { Plugin } from 'vite';

/** A library's index, re-exporting every component: not followed (see below). */
const LIBRARY_INDEX = /[\\/]node_modules[\\/](antd|@ant-design[\\/]icons)[\\/]es[\\/]index\.js$/;

/**
 * The static import closure of one module (the module and everything it imports without `import()`), learnt
 * when the module graph is complete and read by a chunk group's `test`, which rolldown calls afterwards, when
 * it makes the chunks. A library's index is left out with what it imports: through it the closure would hold
 * every component of antd, where the bundle takes only those used.
 */
/** The module that brings antd (its provider): the root of the `antd-core` group and of the route preloads' antd. */
export const ANTD_PROVIDER = /[\\/]src[\\/]ui[\\/]AntdProvider\.tsx$/;

export function staticClosure(name: string, module: RegExp): { plugin: Plugin; has: (id: string) => boolean } {
  const ids = new Set<string>();
  return {
    has: (id) => ids.has(id),
    plugin: {
      name: `static-closure:${name}`,
      apply: 'build',
      buildEnd() {
        ids.clear();
        const start = [...this.getModuleIds()].find((id) => module.test(id));
        if (!start) this.error(`${name}: no module matches ${module}`);
        const todo = [start];
        for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
          if (ids.has(id) || LIBRARY_INDEX.test(id)) continue;
          ids.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
  };
}
