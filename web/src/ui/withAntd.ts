import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * antd's provider (theme, zh_CN locale, and with it antd's style runtime) is no part of the app's entry: the home
 * page a visitor opens draws no antd component, so it is not loaded there. Every part of the app that does draw
 * antd is loaded through these, which load the provider alongside the part's chunk and wrap the part in it: a
 * route's page or layout (router.tsx; the pages under a wrapped layout inherit its provider), and the lazily
 * loaded dialogs, menus and error view outside them. Each wrapped part has the same theme and locale, so it looks
 * as under one provider at the root.
 */
export async function loadWithAntd<P extends object>(load: () => Promise<Module<P>>): Promise<Module<P>> {
  const [part, { withAntdProvider }] = await Promise.all([load(), import('./AntdProvider')]);
  return { default: withAntdProvider(part.default) };
}

/** `React.lazy` of a component that draws antd (see `loadWithAntd`). */
export function lazyWithAntd<P extends object>(load: () => Promise<Module<P>>) {
  return lazy(() => loadWithAntd(load));
}
