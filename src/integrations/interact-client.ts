import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerover', 'touchstart', 'focusin', 'keydown', 'click'] as const;

/**
 * Hydrates on first interaction and replays a click that arrived before hydration finished.
 * A submit button is never held back: its form posts by itself, which works with or without
 * the island. A string value names a sessionStorage key: when the visitor has unsent entries
 * kept there, the island hydrates at once to put them back.
 */
const interact: ClientDirective = (load, options, el) => {
  let started = false;
  let missedClick: HTMLElement | null = null;

  const stop = () => {
    for (const type of TRIGGERS) el.removeEventListener(type, start);
  };
  const start = async (event?: Event) => {
    const control =
      event?.target instanceof Element ? event.target.closest<HTMLElement>('button:not([type=submit]), a[href]') : null;
    if (event?.type === 'click' && control) {
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

  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: type !== 'click' });
  if (typeof options.value === 'string' && hasKept(options.value)) void start();
};

function hasKept(key: string): boolean {
  try {
    return sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export default interact;
