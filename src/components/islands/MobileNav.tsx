import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import Glyph from '@/components/islands/Glyph';
import { telHref, whatsappHref, type TranslatedGreeting } from '@/lib/contact-links';
import type { TranslatedLanguage } from '@/lib/languages';
import { drawerNav, drawerNavIn, type NavLink, type NavWords } from '@/lib/navigation';
import { NEW_TAB, nav } from '@/lib/i18n/en/site-nav';
import { agencyContact } from '@/lib/site-contact';

/** The drawer's words in the page's language. */
interface MobileNavWords {
  menu: string;
  openMenu: string;
  closeMenu: string;
  messageUs: string;
  callNow: string;
  mobile: string;
  newTab: string;
  /** The greeting in the language, for whatsappHref; none in English, which sends the agency's greeting. */
  whatsappGreeting?: TranslatedGreeting;
}

const ENGLISH: MobileNavWords = { ...nav, newTab: NEW_TAB };

/** Only the page's path travels in the page; the links, words and contacts come with the island's code. */
interface Props {
  currentPath: string;
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
function MobileNav({ currentPath, links, words }: Props & { links: readonly NavLink[]; words: MobileNavWords }) {
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
                <a
                  href={whatsappHref(agencyContact, { translated: words.whatsappGreeting })}
                  target="_blank"
                  rel="noopener"
                  className="btn-gold"
                >
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

/**
 * The phone menu in a language other than English, as an island of its own (MobileNavUr,
 * MobileNavAr, MobileNavBn): its links and words come with its code, as English comes with this
 * module's, instead of as props in every translated page (0.2 KB brotli each).
 */
export function mobileNavIn(lang: TranslatedLanguage, navWords: NavWords, newTab: string, whatsappGreeting: string) {
  const links = drawerNavIn(lang, navWords);
  const words = { ...navWords, newTab, whatsappGreeting: { lang, greeting: whatsappGreeting } };
  return function MobileNavIn({ currentPath }: Props) {
    return <MobileNav currentPath={currentPath} links={links} words={words} />;
  };
}

/** The phone menu in English. */
export default function EnglishMobileNav({ currentPath }: Props) {
  return <MobileNav currentPath={currentPath} links={drawerNav} words={ENGLISH} />;
}
