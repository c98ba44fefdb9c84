import { iconPaths, rtlMirrorClass, type IconName } from '@/lib/icons';

/** The site's line icons for use inside islands (Icon.astro draws the same paths on the server); an arrow turns round in rtl. */
export default function Glyph({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={[rtlMirrorClass(name), className].filter(Boolean).join(' ') || undefined}
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
