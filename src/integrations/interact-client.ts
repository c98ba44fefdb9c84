import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerover', 'touchstart', 'focusin', 'keydown', 'click'] as const;

/** Hydrates on first interaction and replays a click that arrived before hydration finished. */
const interact: ClientDirective = (load, _options, el) => {
  let started = false;
  let missedClick: HTMLElement | null = null;

  const start = async (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('button, a[href]') : null;
    if (event.type === 'click' && control) {
      // The island's controls do nothing until React owns them; keep the click for later.
      event.preventDefault();
      missedClick = control;
    }
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    missedClick?.click();
  };

  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: type !== 'click' });
};

export default interact;
