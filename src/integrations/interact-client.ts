import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerover', 'touchstart', 'focusin', 'keydown', 'click'] as const;

/**
 * `client:interact={{ also, resumeKey }}`, both optional. `also`: a selector for controls
 * outside the island that wake it too (the compare tray's checkboxes sit on static cards).
 * `resumeKey`: a sessionStorage key; when it holds something, the visitor already used the
 * island in this tab, so it wakes at once to show that state.
 */
export interface InteractOptions {
  also?: string;
  resumeKey?: string;
}

function storedValue(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Hydrates on first interaction and replays a click that arrived before hydration finished. */
const interact: ClientDirective = (load, options, el) => {
  const { also, resumeKey } = (
    options.value && typeof options.value === 'object' ? options.value : {}
  ) as InteractOptions;
  let started = false;
  let missedClick: HTMLElement | null = null;

  const stop = () => {
    for (const type of TRIGGERS) {
      el.removeEventListener(type, start);
      if (also) document.removeEventListener(type, fromPage);
    }
  };

  const start = async (event?: Event) => {
    const control = event?.target instanceof Element ? event.target.closest<HTMLElement>('button, a[href]') : null;
    if (event?.type === 'click' && control && el.contains(control)) {
      // The island's controls do nothing until React owns them; keep the click for later.
      event.preventDefault();
      missedClick = control;
    }
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
    stop();
    missedClick?.click();
  };

  // A checkbox outside the island keeps its own tick; the island reads it when it wakes.
  const fromPage = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(also!)) void start(event);
  };

  for (const type of TRIGGERS) {
    el.addEventListener(type, start, { passive: type !== 'click' });
    if (also) document.addEventListener(type, fromPage, { passive: true });
  }
  if (resumeKey && storedValue(resumeKey)) void start();
};

export default interact;
