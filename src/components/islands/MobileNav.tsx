import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import Glyph from '@/components/islands/Glyph';
import { telHref, whatsappUrl } from '@/lib/contact-links';
import { drawerNav } from '@/lib/navigation';
import { agencyContact } from '@/lib/site-contact';

/** Only the page's path travels in the page; the links and contacts come with the island's code. */
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
export default function MobileNav({ currentPath }: Props) {
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
        <span className="sr-only">Open menu</span>
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
            <div ref={drawer} role="dialog" aria-modal="true" aria-label="Menu" className="drawer-panel">
              <div className="flex items-center justify-between border-b border-sand-200 pb-3">
                <span className="font-display text-xl text-emerald-900">Menu</span>
                <button type="button" className="nav-round" data-autofocus onClick={() => setOpen(false)}>
                  <Glyph name="x" />
                  <span className="sr-only">Close menu</span>
                </button>
              </div>
              <nav aria-label="Mobile">
                <ul className="mt-2">
                  {drawerNav.map((link) => (
                    <li key={link.href}>
                      <a
                        href={link.href}
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
                  <Glyph name="chat" /> Message Us<span className="sr-only"> (opens in a new tab)</span>
                </a>
                <a href={telHref(agencyContact.phone)} className="btn-primary">
                  <Glyph name="phone" /> Call Now
                </a>
              </div>
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
