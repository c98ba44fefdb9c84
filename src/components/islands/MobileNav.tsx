import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import Glyph from '@/components/islands/Glyph';
import { telHref, whatsappUrl } from '@/lib/contact-links';
import { drawerNav, type NavLink } from '@/lib/navigation';
import { NEW_TAB, nav } from '@/lib/i18n/en/site-nav';
import { agencyContact } from '@/lib/site-contact';

/** The drawer's words in the page's language, handed over by the header rather than every dictionary bundled here. */
export interface MobileNavWords {
  menu: string;
  openMenu: string;
  closeMenu: string;
  messageUs: string;
  callNow: string;
  mobile: string;
  newTab: string;
}

const ENGLISH: MobileNavWords = { ...nav, newTab: NEW_TAB };

/**
 * Only the page's path travels in an English page; its links, words and the contacts come with the
 * island's code. A translated page sends its own links and words.
 */
interface Props {
  currentPath: string;
  links?: readonly NavLink[];
  words?: MobileNavWords;
}

/** Moves Tab from the last control to the first (and back) so focus cannot leave the drawer. */
function keepTabInside(event: KeyboardEvent, container: HTMLElement) {
  const focusable = container.querySelectorAll<HTMLElement>('a[href], button');
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

/** The phone menu: a slide-in drawer that keeps focus inside while open and returns it on close. */
export default function MobileNav({ currentPath, links = drawerNav, words = ENGLISH }: Props) {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    const root = document.documentElement;
    if (open) {
      root.classList.add('overflow-hidden');
      drawer.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else {
      root.classList.remove('overflow-hidden');
      if (wasOpen.current) menuButton.current?.focus();
    }
    wasOpen.current = open;
    return () => root.classList.remove('overflow-hidden');
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
      else if (event.key === 'Tab' && drawer.current) keepTabInside(event, drawer.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      <button
        ref={menuButton}
        type="button"
        className="nav-round"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Glyph name="menu" />
        <span className="sr-only">{words.openMenu}</span>
      </button>
      {/* Portalled to <body>: the sticky header's backdrop filter would otherwise trap a fixed overlay. */}
      {open &&
        createPortal(
          <div className="drawer-root">
            <div
              className="drawer-backdrop"
              data-testid="drawer-backdrop"
              aria-hidden="true"
              onClick={() => setOpen(false)}
            />
            <div ref={drawer} role="dialog" aria-modal="true" aria-label={words.menu} className="drawer-panel">
              <div className="flex items-center justify-between border-b border-sand-200 pb-3">
                <span className="font-display text-xl text-emerald-900">{words.menu}</span>
                <button type="button" className="nav-round" data-autofocus onClick={() => setOpen(false)}>
                  <Glyph name="x" />
                  <span className="sr-only">{words.closeMenu}</span>
                </button>
              </div>
              <nav aria-label={words.mobile}>
                <ul className="mt-2">
                  {links.map((link) => (
                    <li key={link.href}>
                      <a
                        href={link.href}
                        hrefLang={link.hreflang}
                        className="drawer-link"
                        aria-current={link.href === currentPath ? 'page' : undefined}
                      >
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="mt-auto grid gap-3 pt-6">
                <a href={whatsappUrl(agencyContact)} target="_blank" rel="noopener" className="btn-gold">
                  <Glyph name="chat" /> {words.messageUs}
                  <span className="sr-only">{words.newTab}</span>
                </a>
                <a href={telHref(agencyContact.phone)} className="btn-primary">
                  <Glyph name="phone" /> {words.callNow}
                </a>
              </div>
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
