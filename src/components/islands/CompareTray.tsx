import { useEffect, useRef, useState } from 'react';
import Glyph from '@/components/islands/Glyph';
import {
  COMPARE_BOX_SELECTOR,
  COMPARE_LIMIT,
  COMPARE_PATH,
  COMPARE_STORAGE_KEY,
  NOTHING_TICKED_MESSAGE,
  addChoice,
  compareHref,
  readChoice,
  removeChoice,
  type ChosenPackage,
} from '@/lib/compare-choice';

const LIMIT_MESSAGE = `You can compare up to ${COMPARE_LIMIT} packages at a time. Remove one to add another.`;

const compareBoxes = () => document.querySelectorAll<HTMLInputElement>(COMPARE_BOX_SELECTOR);
const chosenFrom = (box: HTMLInputElement): ChosenPackage => ({
  id: box.dataset['compareId'] ?? '',
  title: box.dataset['compareTitle'] ?? box.value,
});

/**
 * The finder's hints beside "Compare selected": told that nothing is ticked (in place, where the
 * button is), or given back their own words once something is.
 */
function sayNothingTicked(nothing: boolean) {
  for (const hint of document.querySelectorAll<HTMLElement>('[data-compare-hint]')) {
    hint.dataset['hint'] ??= hint.textContent ?? '';
    hint.textContent = nothing ? NOTHING_TICKED_MESSAGE : hint.dataset['hint'];
    hint.toggleAttribute('data-nothing-ticked', nothing);
  }
}

/** The stored choice; storage can be switched off, which reads as no choice. */
function loadChoice(): ChosenPackage[] {
  try {
    return readChoice(sessionStorage.getItem(COMPARE_STORAGE_KEY));
  } catch {
    return [];
  }
}

function saveChoice(choice: readonly ChosenPackage[]) {
  try {
    if (choice.length) sessionStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(choice));
    else sessionStorage.removeItem(COMPARE_STORAGE_KEY);
  } catch {
    // Without storage the choice still works on this page.
  }
}

/**
 * The packages a visitor ticked on any card, kept across pages for this tab, with a link to
 * compare them. It listens to every compare checkbox on the page (cards are static HTML), ticks
 * them from the stored choice, and refuses a fourth.
 */
export default function CompareTray() {
  const [choice, setChoice] = useState<ChosenPackage[]>([]);
  const [message, setMessage] = useState('');
  const current = useRef<ChosenPackage[]>([]);
  const tray = useRef<HTMLDivElement>(null);

  const commit = (next: ChosenPackage[], note = '') => {
    current.current = next;
    setChoice(next);
    setMessage(note);
    saveChoice(next);
    const ids = new Set(next.map((item) => item.id));
    for (const box of compareBoxes()) box.checked = ids.has(box.dataset['compareId'] ?? '');
  };

  useEffect(() => {
    // A box ticked before this island woke keeps its tick: add it to what earlier pages chose.
    let start = loadChoice();
    let refused = false;
    for (const box of compareBoxes()) {
      if (!box.checked) continue;
      const result = addChoice(start, chosenFrom(box));
      start = result.choice;
      refused ||= !result.added;
    }
    commit(start, refused ? LIMIT_MESSAGE : '');

    const onChange = (event: Event) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || !box.matches(COMPARE_BOX_SELECTOR)) return;
      const item = chosenFrom(box);
      if (!box.checked) {
        commit(removeChoice(current.current, item.id), `${item.title} removed from the comparison.`);
        return;
      }
      sayNothingTicked(false);
      const result = addChoice(current.current, item);
      if (result.added) commit(result.choice, `${item.title} added: ${result.choice.length} chosen.`);
      else commit(result.choice, LIMIT_MESSAGE);
    };
    // The finder's "Compare selected" sends only the boxes in its list; once the tray keeps the
    // choice, the button compares the same packages the tray shows, wherever they were ticked.
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || new URL(form.action).pathname !== COMPARE_PATH) return;
      event.preventDefault();
      if (!current.current.length) {
        // Said in place, beside each button (their description), and announced: no empty comparison opens.
        sayNothingTicked(true);
        setMessage(NOTHING_TICKED_MESSAGE);
        return;
      }
      window.location.assign(compareHref(current.current.map((item) => item.id)));
    };
    // Rows the finder draws after a filter change get their ticks too.
    const observer = new MutationObserver(() => {
      const ids = new Set(current.current.map((item) => item.id));
      for (const box of compareBoxes()) box.checked = ids.has(box.dataset['compareId'] ?? '');
    });
    // A page restored from the back-forward cache may show a choice changed on another page since.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) commit(loadChoice());
    };
    document.addEventListener('change', onChange);
    document.addEventListener('submit', onSubmit);
    window.addEventListener('pageshow', onPageShow);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('change', onChange);
      document.removeEventListener('submit', onSubmit);
      window.removeEventListener('pageshow', onPageShow);
      observer.disconnect();
    };
    // Runs once, when the island wakes; `commit` only touches refs, state setters and the page.
  }, []);

  const remove = (item: ChosenPackage, index: number) => {
    const next = removeChoice(current.current, item.id);
    commit(next, `${item.title} removed from the comparison.`);
    // The pressed button is gone: keep focus in the tray, or on the card's own box.
    requestAnimationFrame(() => {
      const buttons = tray.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
      const neighbour = buttons?.[Math.min(index, buttons.length - 1)];
      const box = [...compareBoxes()].find((candidate) => candidate.dataset['compareId'] === item.id);
      (neighbour ?? box)?.focus();
    });
  };

  return (
    <div ref={tray} className={choice.length ? 'compare-tray' : undefined}>
      {choice.length > 0 && (
        <section aria-label="Packages to compare" className="compare-tray-body">
          <ul className="compare-tray-list">
            {choice.map((item, index) => (
              <li key={item.id} className="compare-chip">
                <span className="truncate">{item.title}</span>
                <button
                  type="button"
                  data-remove
                  className="compare-chip-remove"
                  aria-label={`Remove ${item.title} from the comparison`}
                  onClick={() => remove(item, index)}
                >
                  <Glyph name="x" />
                </button>
              </li>
            ))}
          </ul>
          {choice.length > 1 ? (
            <a href={compareHref(choice.map((item) => item.id))} className="btn-primary shrink-0">
              Compare ({choice.length})
            </a>
          ) : (
            <p className="text-sm font-semibold text-emerald-900">
              Compare (1): tick one or two more packages to compare.
            </p>
          )}
        </section>
      )}
      {/* Ticks and removals are seen on the boxes and chips; only the limit needs saying to everyone. */}
      <p aria-live="polite" className={message === LIMIT_MESSAGE ? 'mt-2 text-sm font-semibold text-ink' : 'sr-only'}>
        {message}
      </p>
    </div>
  );
}
