import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Within this distance of the screen a section starts to load. Any scroll loads it too, so this only
 * decides what loads with the page itself: on a phone an app's reviews sit two screens down.
 */
const NEAR = '200px 0px';
/** A visitor who neither scrolls nor touches the page (say, reading with a screen reader) waits this long. */
const AT_THE_LATEST_MS = 4000;
const ENGAGED = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;
const KEEP_PARENT_GAP = { display: 'flex', flexDirection: 'column', gap: 'inherit' } as const;

/**
 * Renders its children only in the browser, and only once they are wanted: when the place they go
 * comes near the screen, when the visitor scrolls, touches, clicks or types anywhere on the page,
 * or a few seconds after it loaded, whichever comes first. For sections below the fold that load
 * their own code and per-visitor data (an app's reviews and permissions): a phone on a slow
 * network spends the page's first seconds on what the visitor sees, not on them.
 *
 * The server renders the same empty element as the browser's first render, so hydration matches, and
 * the children go inside it: no server-rendered node is replaced. It stacks them with its parent's
 * gap, as if they were the parent's own children.
 */
export function WhenWanted({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const element = ref.current;
    const observer =
      element && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), { rootMargin: NEAR })
        : undefined;
    if (element) observer?.observe(element);
    for (const type of ENGAGED) window.addEventListener(type, want, { passive: true, once: true });
    const timer = window.setTimeout(want, AT_THE_LATEST_MS);
    return () => {
      observer?.disconnect();
      for (const type of ENGAGED) window.removeEventListener(type, want);
      window.clearTimeout(timer);
    };
  }, [wanted]);
  return (
    <div ref={ref} style={KEEP_PARENT_GAP}>
      {wanted ? children : null}
    </div>
  );
}
