import { describe, expect, it } from 'vitest';
import { parseSiteSettings } from '@/lib/site-schema';
import { site } from '@/lib/site';
import { DEFAULT_SITE_URL, resolveSiteUrl } from '@/lib/site-url';
import { addressLines, mailtoHref, telHref, whatsappUrl } from '@/lib/contact-links';
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
    'sends the greeting in %s first, then the English one, as one message percent-encoded',
    (lang) => {
      const greeting = whatsappGreetingIn(lang)!;
      const href = whatsappUrl(site, { translated: greeting });
      // Every byte of the Urdu, Arabic or Bengali and the blank line is escaped: the link is plain ASCII.
      expect(href).toMatch(/^https:\/\/wa\.me\/15125550143\?text=[A-Za-z0-9%!'()*._~-]+$/);
      const text = new URL(href).searchParams.get('text')!;
      expect(text).toBe(`${greeting}\n\n${site.whatsapp.greeting}`);
      expect(text.startsWith(greeting)).toBe(true);
      expect(text.endsWith(site.whatsapp.greeting)).toBe(true);
    },
  );

  it('keeps a message that starts with the English greeting after the translated one, and English alone without one', () => {
    const message = `${site.whatsapp.greeting} I am comparing A & B: https://site.example/compare?ids=a,b`;
    expect(new URL(whatsappUrl(site, { message })).searchParams.get('text')).toBe(message);
    expect(new URL(whatsappUrl(site, { translated: undefined })).searchParams.get('text')).toBe(site.whatsapp.greeting);
    const both = new URL(whatsappUrl(site, { translated: whatsappGreetingIn('ar'), message })).searchParams.get('text');
    expect(both).toBe(`${whatsappGreetingIn('ar')!}\n\n${message}`);
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
