// The gates (tests/e2e/support/gates.ts) validate every built page and the server's own pages with
// this; html-validate's CLI and editor plugins find it too. Each rule turned off or loosened says why.
import { Rule } from 'html-validate';

/** Attributes that hold one URL (srcset holds several, separated by spaces, and is left out). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'data']);

// The W3C Nu Html Checker refuses a URL with a raw space or a character the URL standard makes
// its writer escape ("Illegal character in scheme data"); html-validate has no rule for it, and the
// favicon's data: URL carried spaces on every page (issue 36).
class UrlCharacters extends Rule {
  documentation() {
    return { description: 'A URL in an attribute escapes spaces and the characters `"<>\\^`{|}`.' };
  }
  setup() {
    this.on('attr', (event) => {
      if (!URL_ATTRIBUTES.has(event.key) || typeof event.value !== 'string') return;
      const bad = /[\s"<>\\^`{|}]/.exec(event.value.trim());
      if (bad) {
        const shown = /\s/.test(bad[0]) ? 'a space' : `"${bad[0]}"`;
        this.report(event.target, `${event.key} holds ${shown}, which a URL must escape`, event.valueLocation);
      }
    });
  }
}

// HTML requires the first option of a required single select to be an empty placeholder, so that
// "nothing chosen" exists and `required` means something (the Nu checker's error on two forms, issue 36).
class RequiredSelectPlaceholder extends Rule {
  documentation() {
    return { description: "A required select's first option has an empty value (a placeholder such as 'Choose')." };
  }
  setup() {
    this.on('dom:ready', ({ document }) => {
      for (const select of document.querySelectorAll('select[required]')) {
        if (select.hasAttribute('multiple') || Number(select.getAttributeValue('size') ?? 1) > 1) continue;
        const first = select.childElements.find((child) => child.tagName === 'option');
        if (first && first.getAttributeValue('value') !== '' && first.textContent.trim() !== '') {
          this.report(select, 'a required select must start with an option whose value is empty');
        }
      }
    });
  }
}

// Every price on the site reads as formatPrice writes it, "$1,699" (src/lib/format.ts); Price.astro
// marks each one data-price. "$1699.00" on one page was issue 36's.
class PriceFormat extends Rule {
  documentation() {
    return { description: 'A `data-price` element reads as the site writes prices: "$1,699".' };
  }
  setup() {
    this.on('dom:ready', ({ document }) => {
      for (const price of document.querySelectorAll('[data-price]')) {
        const text = price.textContent.trim();
        if (!/^\$\d{1,3}(,\d{3})*$/.test(text)) this.report(price, `the price "${text}" is not written as "$1,699"`);
      }
    });
  }
}

const miqat = {
  name: 'miqat',
  rules: {
    'miqat/url-characters': UrlCharacters,
    'miqat/required-select-placeholder': RequiredSelectPlaceholder,
    'miqat/price-format': PriceFormat,
  },
};

/** @type {import('html-validate').ConfigData} */
export default {
  extends: ['html-validate:recommended'],
  plugins: [miqat],
  rules: {
    'miqat/url-characters': 'error',
    'miqat/required-select-placeholder': 'error',
    'miqat/price-format': 'error',
    // Prettier wraps JSX in the MDX guides with a `{' '}` at the end of a line: that space is the
    // sentence's word break, not stray layout (2 findings on one guide).
    'no-trailing-whitespace': 'off',
    // React's server renderer writes `required=""` and `<input/>`, Astro `required` and `<input>`: the
    // same HTML either way, in the framework's style, not ours (524 and 1,200 findings on 155 pages).
    'attribute-boolean-style': 'off',
    'void-style': 'off',
    // The city and season pages name the city, its airport or the season and the agency
    // ("Detroit Umrah Packages from DTW, Women-Only Groups on Request | Miqat Travel"); a search
    // engine shortens a long title itself, and the tab and a shared link keep it whole (17 pages).
    'long-title': 'off',
    // The stylesheet keeps every tel: link on one line (`a[href^='tel:']` in src/styles/global.css)
    // without non-breaking spaces, which a copied or read-aloud number would carry along.
    'tel-non-breaking': 'off',
    // Guide headings become ids such as `8-dhul-hijjah-mina`: HTML allows an id to start with a digit.
    'valid-id': ['error', { relaxed: true }],
    // React writes some attributes in camelCase (`noValidate`, `encType`, `autoComplete`); HTML
    // attribute names are case-insensitive.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // A checkbox group shares one name, as the finder's compare boxes share `ids`.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
  },
};
