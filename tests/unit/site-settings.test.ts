import { describe, expect, it } from 'vitest';
import { parseSiteSettings } from '@/lib/site-schema';
import { site } from '@/lib/site';
import { DEFAULT_SITE_URL, resolveSiteUrl } from '@/lib/site-url';
import { addressLines, mailtoHref, telHref, whatsappHref, whatsappUrl } from '@/lib/contact-links';
import { whatsappGreetingIn } from '@/lib/i18n/dictionary';
import { TRANSLATED_LANGUAGES } from '@/lib/languages';

describe('site settings', () => {
  it('accepts the shipped settings', () => {
    expect(parseSiteSettings(structuredClone(site))).toEqual(site);
  });

  it('names the field when a value is invalid', () => {
    const broken = { ...structuredClone(site), phone: { display: '+1 (512) 555-0143', e164: '512-555-0143' } };
    expect(() => parseSiteSettings(broken)).toThrow(/phone\.e164: must be E\.164/);
  });

  it('names a mistyped key instead of ignoring it', () => {
    const broken = { ...structuredClone(site), emial: 'x@example.com' };
    expect(() => parseSiteSettings(broken)).toThrow(/emial/);
  });

  it('names nested fields such as an hours row', () => {
    const broken = structuredClone(site);
    broken.hours[0] = { ...broken.hours[0]!, opens: '9am' };
    expect(() => parseSiteSettings(broken)).toThrow(/hours\.0\.opens/);
  });

  it('defaults the canonical origin to a reserved .example domain and honours SITE_URL', () => {
    expect(new URL(DEFAULT_SITE_URL).hostname.endsWith('.example')).toBe(true);
    expect(resolveSiteUrl({})).toBe(DEFAULT_SITE_URL);
    expect(resolveSiteUrl({ SITE_URL: 'https://www.agency.example/' })).toBe('https://www.agency.example');
    expect(() => resolveSiteUrl({ SITE_URL: 'ftp://agency.example' })).toThrow(/SITE_URL/);
  });
});

describe('contact links', () => {
  it('opens WhatsApp with the greeting encoded', () => {
    const url = new URL(whatsappUrl(site));
    expect(url.origin + url.pathname).toBe(`https://wa.me/${site.whatsapp.number}`);
    expect(url.searchParams.get('text')).toBe('Hello! I would like to inquire about your travel packages.');
  });

  it.each(TRANSLATED_LANGUAGES)(
    'sends the greeting in %s, alone where staff speak the language and above the English where not, percent-encoded',
    (lang) => {
      const translated = whatsappGreetingIn(lang)!;
      const href = whatsappUrl(site, { translated });
      // Every byte of the Urdu, Arabic or Bengali and the blank line is escaped: the link is plain ASCII.
      expect(href).toMatch(/^https:\/\/wa\.me\/15125550143\?text=[A-Za-z0-9%!'()*._~-]+$/);
      const text = new URL(href).searchParams.get('text')!;
      expect(text).toBe(
        site.staffLanguages.includes(lang)
          ? translated.greeting
          : `${translated.greeting}\n\n${site.whatsapp.greeting}`,
      );
    },
  );

  it('adds the English greeting under a language only when no one at the agency speaks it', () => {
    const urdu = whatsappGreetingIn('ur')!;
    const text = (staffLanguages: typeof site.staffLanguages) =>
      new URL(whatsappUrl({ ...site, staffLanguages }, { translated: urdu })).searchParams.get('text');
    expect(text(['ur', 'bn'])).toBe(urdu.greeting);
    expect(text(['bn'])).toBe(`${urdu.greeting}\n\n${site.whatsapp.greeting}`);
  });

  it('keeps a message that starts with the English greeting after the translated one, and English alone without one', () => {
    const message = `${site.whatsapp.greeting} I am comparing A & B: https://site.example/compare?ids=a,b`;
    expect(new URL(whatsappUrl(site, { message })).searchParams.get('text')).toBe(message);
    expect(new URL(whatsappUrl(site, { translated: undefined })).searchParams.get('text')).toBe(site.whatsapp.greeting);
    for (const lang of TRANSLATED_LANGUAGES) {
      const translated = whatsappGreetingIn(lang)!;
      const both = new URL(whatsappUrl(site, { translated, message })).searchParams.get('text');
      expect(both, lang).toBe(`${translated.greeting}\n\n${message}`);
    }
  });

  it('writes the letters of a greeting as they are in a page’s link, which a browser escapes as the email’s link is', () => {
    for (const lang of TRANSLATED_LANGUAGES) {
      const translated = whatsappGreetingIn(lang)!;
      const href = whatsappHref(site, { translated });
      expect(href, lang).toContain(translated.greeting.split(' ')[1]);
      // Spaces, the blank line, "!" and every ASCII character stay escaped: the attribute holds no space.
      expect(href, lang).not.toMatch(/[\s"<>]/);
      // What the browser sends when it follows the link is the email's link, byte for byte.
      expect(new URL(href).href, lang).toBe(new URL(whatsappUrl(site, { translated })).href);
    }
    expect(whatsappHref(site)).toBe(whatsappUrl(site));
  });

  it('builds tel: and mailto: links from the settings', () => {
    expect(telHref(site.phone)).toBe('tel:+15125550143');
    expect(mailtoHref(site)).toBe(`mailto:${site.email}`);
    expect(mailtoHref(site, 'Umrah & Hajj')).toBe(`mailto:${site.email}?subject=Umrah%20%26%20Hajj`);
  });
});

describe('addressLines', () => {
  it('prints the street, then city, state and ZIP with their spaces', () => {
    expect(addressLines(site.address)).toEqual(['600 Congress Avenue, Suite 1420', 'Austin, TX 78701']);
  });
});
