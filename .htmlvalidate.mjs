// The gates (tests/e2e/support/gates.ts) validate every built page and the server's own pages with
// this; html-validate's CLI and editor plugins find it too. Each rule turned off or loosened says why.
/** @type {import('html-validate').ConfigData} */
export default {
  extends: ['html-validate:recommended'],
  rules: {
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
