import { iconPaths, rtlMirrorClass, type IconName } from '@/lib/icons';

/** The site's line icons for use inside islands (Icon.astro draws the same paths on the server, both drawn by `.icon`); an arrow turns round in rtl. */
export default function Glyph({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={['icon', rtlMirrorClass(name), className].filter(Boolean).join(' ')}
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
