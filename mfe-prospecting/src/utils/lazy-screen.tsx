// A screen whose code loads when first needed (routes.tsx), rendered at once when that code is in.
import { lazy, type ComponentType } from 'react';

/**
 * A screen whose code loads when first needed. Once it is in (`load`, which routes.tsx calls for the
 * address the page was opened on) the screen renders at once: through React.lazy alone its first render would still suspend
 * once and start again, a second render of the page's first screen on a phone's slow CPU.
 */
export function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  let loaded: ComponentType | null = null;
  const loadScreen = () =>
    load().then((module) => {
      loaded = pick(module);
      return module;
    });
  const Lazy = lazy(() => loadScreen().then((module) => ({ default: pick(module) })));
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { load: loadScreen, Screen };
}
