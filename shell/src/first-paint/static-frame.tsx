import { useLayoutEffect, useRef } from 'react';

// The dashboard's static first paint (dashboard.html, set in the page by the API before any script):
// React's first commit empties #root, so the frame's nodes are kept here and put back, in the same
// commit, until the dashboard itself can render (the session checked). The page never goes blank or
// shows a loading screen between the static frame and the live one (docs/decisions/lighthouse.md).
let kept: Node[] = [];

/** Before the first render: keeps what #root shows when it is the dashboard's static frame. */
export function keepStaticFrame(container: HTMLElement): void {
  kept = container.querySelector(':scope > .shell-frame') ? Array.from(container.childNodes) : [];
}

export function hasStaticFrame(): boolean {
  return kept.length > 0;
}

/** Once the dashboard has rendered, a later wait shows the loading screen, not this old frame. */
export function releaseStaticFrame(): void {
  kept = [];
}

/** The static frame, where React renders it, exactly as the page painted it (`display: contents`). */
export function StaticFrame() {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current?.append(...kept);
  }, []);
  return <div ref={host} className="shell-frame-host" style={{ display: 'contents' }} />;
}
