import type { ClientDirective } from 'astro';

// 'change' too: a value set without a pointer or focus (autofill, assistive technology, a test's
// selectOption) still wakes the island, which then reads the value the control holds.
const TRIGGERS = ['pointerover', 'touchstart', 'focusin', 'keydown', 'click', 'change'] as const;

/**
 * `client:interact={{ also, resumeKey, params }}`, all optional. `also`: a selector for controls
 * outside the island that wake it too (the compare tray's checkboxes sit on static cards).
 * `resumeKey`: a sessionStorage key; when it holds something (a form's unsent entries, the
 * compare choice), the visitor already used the island in this tab, so it wakes at once.
 * `params`: query parameters the island reads; a link carrying one (a shared search or filter)
 * asks for the island's work at once, so it wakes at once.
 */
export interface InteractOptions {
  also?: string;
  resumeKey?: string;
  params?: readonly string[];
}

function storedValue(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Hydrates on first interaction and replays a click that arrived before hydration finished.
 * A submit button is never held back: its form posts by itself, which works with or without
 * the island.
 */
const interact: ClientDirective = (load, options, el) => {
  const {
    also,
    resumeKey,
    params = [],
  } = (options.value && typeof options.value === 'object' ? options.value : {}) as InteractOptions;
  let started = false;
  let missedClick: HTMLElement | null = null;

  const stop = () => {
    for (const type of TRIGGERS) {
      el.removeEventListener(type, onEvent);
      if (also) document.removeEventListener(type, fromPage);
    }
  };

  const start = async (event?: Event) => {
    const control =
      event?.target instanceof Element ? event.target.closest<HTMLElement>('button:not([type=submit]), a[href]') : null;
    if (event?.type === 'click' && control && el.contains(control)) {
      // The island's controls do nothing until React owns them; keep the click for later.
      event.preventDefault();
      missedClick = control;
    }
    if (started) return;
    started = true;
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      // Hydrated, or the script never came: either way the kept click goes through now.
      stop();
      missedClick?.click();
    }
  };

  // A script that never came still rejects, and the console says so as it does for Astro's own
  // directives; `start` has let the kept click through by then.
  const onEvent = (event: Event) => void start(event);

  // A checkbox outside the island keeps its own tick; the island reads it when it wakes.
  const fromPage = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(also!)) void start(event);
  };

  for (const type of TRIGGERS) {
    el.addEventListener(type, onEvent, { passive: type !== 'click' });
    if (also) document.addEventListener(type, fromPage, { passive: true });
  }
  const query = new URLSearchParams(window.location.search);
  if ((resumeKey && storedValue(resumeKey) !== null) || params.some((name) => query.has(name))) void start();
};

export default interact;
