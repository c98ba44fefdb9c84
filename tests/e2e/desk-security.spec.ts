import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Response as PageResponse,
} from '@playwright/test';
import pg from 'pg';
import { STORE_KINDS } from '../support/store-kinds.ts';
import { addStaff, fullRunOnly, signIn, startDesk, type Desk, type DeskPerson } from './support/desk.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';
import { testLeadDb } from './support/lead-load.ts';
import { startServer } from './support/server.ts';

/**
 * The desk's lock against what staff and strangers would try, on the built server in Chromium:
 * access without a session, CSRF, session fixation, revocation, agents against owners' pages,
 * the sign-in throttles, the first owner from ADMIN_PASSWORD, and script in staff text.
 */

/** Each sign-in comes from its own address (the server trusts one proxy), so no test meets another's throttle. */
let clientNumber = 0;
function ownAddress(): string {
  clientNumber += 1;
  return `198.51.${100 + (process.pid % 100)}.${clientNumber}`;
}

/** A browser context of its own, from its own address. */
async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() } });
  return { context, page: await context.newPage() };
}

/** The desk's routes, from its page files, so a route added later is covered without a change here. */
function deskRoutes(): string[] {
  const root = 'src/pages';
  const files = readdirSync(join(root, 'admin'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
  return files
    .map((file) =>
      `/${file}`
        .replace(/\.(astro|ts)$/, '')
        .replace(/\/index$/, '')
        .replace(/\[[^\]]+\]/g, 'unknown-id'),
    )
    .filter((route) => route !== '/admin/sign-in')
    .sort();
}

/** Posts the sign-in form as a browser on `from` would (this site unless said), from `address`. */
function postSignIn(
  desk: { origin: string },
  email: string,
  password: string,
  address: string,
  options: { from?: string | null; next?: string; proto?: string } = {},
) {
  const headers: Record<string, string> = {
    'X-Forwarded-For': address,
    'Content-Type': 'application/x-www-form-urlencoded',
  };
  const from = options.from === undefined ? desk.origin : options.from;
  if (from !== null) headers['Origin'] = from;
  if (options.proto) headers['X-Forwarded-Proto'] = options.proto;
  const query = options.next === undefined ? '' : `?next=${encodeURIComponent(options.next)}`;
  return fetch(`${desk.origin}/admin/sign-in${query}`, {
    method: 'POST',
    redirect: 'manual',
    headers,
    body: new URLSearchParams({ email, password }),
  });
}

/** The session cookie a response sets, as `name=value`. */
function sessionCookie(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('miqat_desk=') && !cookie.startsWith('miqat_desk=;'))
    ?.split(';')[0];
}

/** Whether a cookie still opens the desk. */
async function opensDesk(origin: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${origin}/admin/account`, { redirect: 'manual', headers: { Cookie: cookie } });
  return response.status === 200;
}

/** The value of the page's first `csrf` field. */
async function csrfOf(page: Page): Promise<string> {
  return page.locator('input[name="csrf"]').first().inputValue();
}

async function staffEmails(page: Page, origin: string): Promise<string[]> {
  await page.goto(`${origin}/admin/staff`);
  return page.getByRole('heading', { level: 3 }).allInnerTexts();
}

for (const kind of STORE_KINDS) {
  // On PostgreSQL the smoke tests only: see FULL_BROWSER_STORE.
  const full = fullRunOnly(kind);
  test.describe(`the desk's lock on ${kind}`, () => {
    test.describe.configure({ mode: 'serial' });
    let desk: Desk;
    test.beforeAll(async () => {
      desk = await startDesk(kind);
    });
    test.afterAll(async () => {
      await desk?.stop();
    });

    test('without a session every desk route sends pages to sign in and refuses posts', async () => {
      const routes = deskRoutes();
      expect(routes).toEqual(expect.arrayContaining(['/admin', '/admin/account', '/admin/password', '/admin/staff']));
      for (const route of routes) {
        const page = await fetch(`${desk.origin}${route}?x=1`, { redirect: 'manual' });
        expect(page.status, route).toBe(303);
        expect(page.headers.get('location'), route).toBe(`/admin/sign-in?next=${encodeURIComponent(`${route}?x=1`)}`);
        const posted = await fetch(`${desk.origin}${route}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { Origin: desk.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrf: 'x', action: 'add', email: 'new@agency.example', role: 'owner' }),
        });
        expect(posted.status, route).toBe(401);
      }
      expect(await fetch(`${desk.origin}/admin/sign-in`).then((response) => response.status)).toBe(200);
      // Outside /admin the guard is not there: a desk cookie changes nothing on pages or the lead API.
      for (const path of ['/', '/contact-us', '/api/captcha']) {
        const response = await fetch(`${desk.origin}${path}`, {
          redirect: 'manual',
          headers: { Cookie: 'miqat_desk=made-up', 'X-Forwarded-For': ownAddress() },
        });
        expect(response.status, path).toBe(200);
        expect(response.headers.getSetCookie(), path).toEqual([]);
      }
    });

    full('a signed-in person lands on the page they asked for, never on another site', async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
      await page.goto(`${desk.origin}/admin/account?from=test`);
      await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faccount%3Ffrom%3Dtest$/);
      await page.getByLabel('Email').fill(desk.owner.email);
      await page.getByLabel('Password').fill(desk.owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/admin\/account\?from=test$/);
      await expect(page.getByText(desk.owner.email)).toBeVisible();
      const elsewhere = await postSignIn(desk, desk.owner.email, desk.owner.password, ownAddress(), {
        next: '//evil.example/admin',
      });
      expect(elsewhere.status).toBe(303);
      expect(elsewhere.headers.get('location')).toBe('/admin/leads');
    });

    full(
      'the session cookie is HttpOnly, SameSite=Strict, for /admin, eight hours, Secure behind an https proxy',
      async () => {
        const plain = await postSignIn(desk, desk.owner.email, desk.owner.password, ownAddress());
        const cookie = plain.headers.getSetCookie().find((line) => line.startsWith('miqat_desk='))!;
        expect(cookie).toMatch(/^miqat_desk=[A-Za-z0-9_-]{43}; /);
        expect(cookie).toContain('Path=/admin');
        expect(cookie).toContain('HttpOnly');
        expect(cookie).toContain('SameSite=Strict');
        expect(cookie).toContain('Max-Age=28800');
        expect(cookie).not.toContain('Secure');
        const proxied = await postSignIn(desk, desk.owner.email, desk.owner.password, ownAddress(), { proto: 'https' });
        expect(proxied.headers.getSetCookie().find((line) => line.startsWith('miqat_desk='))).toContain('Secure');
      },
    );

    full(
      'a post without the session’s CSRF token, or from another site, is refused and changes nothing',
      async ({ page }) => {
        await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
        await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
        await page.goto(`${desk.origin}/admin/staff`);
        const csrf = await csrfOf(page);
        const before = await staffEmails(page, desk.origin);
        const add = { action: 'add', email: 'forged@agency.example', role: 'owner' };
        const attempts: { form: Record<string, string>; headers?: Record<string, string> }[] = [
          { form: add },
          { form: { ...add, csrf: '' } },
          { form: { ...add, csrf: `${csrf}x` } },
          { form: { ...add, csrf }, headers: { Origin: 'https://evil.example' } },
        ];
        for (const attempt of attempts) {
          const response = await page.request.post(`${desk.origin}/admin/staff`, {
            form: attempt.form,
            headers: attempt.headers ?? {},
            maxRedirects: 0,
          });
          expect(response.status()).toBe(403);
          expect(await response.text()).toContain('This form has expired');
        }
        const signOut = await page.request.post(`${desk.origin}/admin/sign-out`, { form: {}, maxRedirects: 0 });
        expect(signOut.status()).toBe(403);
        const everywhere = await page.request.post(`${desk.origin}/admin/account`, { form: {}, maxRedirects: 0 });
        expect(everywhere.status()).toBe(403);
        expect(await staffEmails(page, desk.origin)).toEqual(before);
        await page.goto(`${desk.origin}/admin/account`);
        await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();

        // With the token, from this site, the same form works.
        const honest = await page.request.post(`${desk.origin}/admin/staff`, {
          form: { ...add, csrf },
          headers: { Origin: desk.origin },
        });
        expect(honest.status()).toBe(200);
        expect(await staffEmails(page, desk.origin)).toContain('forged@agency.example');
      },
    );

    full('the sign-in form is refused from another site or without an Origin (login CSRF)', async () => {
      const foreign = await postSignIn(desk, desk.owner.email, desk.owner.password, ownAddress(), {
        from: 'https://evil.example',
      });
      expect(foreign.status).toBe(403);
      expect(sessionCookie(foreign)).toBeUndefined();
      const none = await postSignIn(desk, desk.owner.email, desk.owner.password, ownAddress(), { from: null });
      expect(none.status).toBe(403);
      expect(sessionCookie(none)).toBeUndefined();
    });

    full('a session cookie planted before sign-in is never promoted (session fixation)', async ({ browser }) => {
      // The attacker's own valid session, planted in the victim's browser.
      const planted = sessionCookie(await postSignIn(desk, desk.agent.email, desk.agent.password, ownAddress()))!;
      expect(await opensDesk(desk.origin, planted)).toBe(true);
      const { context, page } = await newVisitor(browser);
      const [, value] = planted.split('=');
      await context.addCookies([{ name: 'miqat_desk', value: value!, url: `${desk.origin}/admin` }]);
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
      const cookies = await context.cookies(`${desk.origin}/admin`);
      const now = cookies.find((cookie) => cookie.name === 'miqat_desk')!.value;
      expect(now).not.toBe(value);
      expect(await opensDesk(desk.origin, planted)).toBe(false);
      await page.goto(`${desk.origin}/admin/account`);
      await expect(page.getByText(desk.owner.email)).toBeVisible();
      await context.close();
    });

    test('signing out ends the session on the server, not only in the browser', async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
      await page.goto(`${desk.origin}/admin/account`);
      const cookie = (await page.context().cookies()).find((one) => one.name === 'miqat_desk')!;
      await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
      await expect(page).toHaveURL(/\/admin\/sign-in\?signed-out=1$/);
      await expect(page.getByRole('status')).toHaveText('You are signed out.');
      expect(await opensDesk(desk.origin, `miqat_desk=${cookie.value}`)).toBe(false);
    });

    full('"Sign out everywhere" ends the sessions of another browser too, and says how many', async ({ browser }) => {
      const person: DeskPerson = {
        email: `everywhere-${kind}@agency.example`,
        role: 'agent',
        password: 'everywhere pass 2026',
      };
      await addStaff(desk.env, person);
      const one = await newVisitor(browser);
      const two = await newVisitor(browser);
      await signIn(one.page, desk.origin, person.email, person.password);
      await signIn(two.page, desk.origin, person.email, person.password);
      await one.page.goto(`${desk.origin}/admin/account`);
      await expect(one.page.getByText('In 2 browsers, this one included')).toBeVisible();
      await one.page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(one.page.getByRole('status')).toHaveText('You are signed out everywhere: 2 sessions ended.');
      await two.page.goto(`${desk.origin}/admin/account`);
      await expect(two.page).toHaveURL(/\/admin\/sign-in\?next=/);
      await one.context.close();
      await two.context.close();
    });

    full('removing a person or resetting their password ends their sessions', async ({ browser }) => {
      const owner = await newVisitor(browser);
      await signIn(owner.page, desk.origin, desk.owner.email, desk.owner.password);
      await owner.page.goto(`${desk.origin}/admin/staff`);
      const email = `temp-${kind}@agency.example`;
      await owner.page.getByLabel('Email').fill(email);
      await owner.page.getByLabel('Role', { exact: true }).last().selectOption('agent');
      await owner.page.getByRole('button', { name: 'Add person' }).click();
      const shown = owner.page.getByRole('status');
      await expect(shown).toContainText(`${email} is added as agent.`);
      const oneTime = await shown.locator('code').innerText();
      expect(owner.page.url()).not.toContain(oneTime);

      // Their first sign-in must choose a password before anything else.
      const person = await newVisitor(browser);
      await signIn(person.page, desk.origin, email, oneTime);
      await expect(person.page).toHaveURL(/\/admin\/password$/);
      await person.page.goto(`${desk.origin}/admin/account`);
      await expect(person.page).toHaveURL(/\/admin\/password$/);
      await person.page.getByLabel('Current password').fill(oneTime);
      await person.page.getByLabel('New password', { exact: true }).fill(oneTime);
      await person.page.getByLabel('New password again').fill(oneTime);
      await person.page.getByRole('button', { name: 'Change password' }).click();
      await expect(person.page.getByRole('alert')).toContainText('not the one you signed in with');
      const deskCookie = async () =>
        (await person.context.cookies()).find((cookie) => cookie.name === 'miqat_desk')?.value;
      const before = await deskCookie();
      await person.page.getByLabel('Current password').fill(oneTime);
      await person.page.getByLabel('New password', { exact: true }).fill('my very own passphrase');
      await person.page.getByLabel('New password again').fill('my very own passphrase');
      await person.page.getByRole('button', { name: 'Change password' }).click();
      await expect(person.page.getByRole('status')).toContainText('Your password is changed');
      // The session the one-time password opened ends; the browser carries on under a new one.
      expect(await deskCookie()).not.toBe(before);
      expect(await opensDesk(desk.origin, `miqat_desk=${before}`)).toBe(false);

      await owner.page.goto(`${desk.origin}/admin/staff`);
      await owner.page.getByRole('button', { name: `Reset password of ${email}` }).click();
      await expect(owner.page.getByRole('status')).toContainText(`${email} has a new one-time password; 1 session`);
      await person.page.goto(`${desk.origin}/admin/account`);
      await expect(person.page).toHaveURL(/\/admin\/sign-in/);

      const reset = await owner.page.getByRole('status').locator('code').innerText();
      await signIn(person.page, desk.origin, email, reset);
      await expect(person.page).toHaveURL(/\/admin\/password$/);
      await owner.page.goto(`${desk.origin}/admin/staff`);
      await owner.page.getByLabel(`Yes, remove ${email}`).check();
      await owner.page.getByRole('button', { name: `Remove ${email}` }).click();
      await expect(owner.page.getByRole('status')).toHaveText(`${email} is removed; their leads are unassigned.`);
      await person.page.goto(`${desk.origin}/admin/password`);
      await expect(person.page).toHaveURL(/\/admin\/sign-in/);
      await owner.context.close();
      await person.context.close();
    });

    full('an agent cannot open or post to the owners’ pages', async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
      await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
      await page.goto(`${desk.origin}/admin/account`);
      const nav = page.getByRole('navigation', { name: 'Desk' });
      await expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Privacy' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Templates' })).toHaveCount(0);
      const csrf = await csrfOf(page);
      const ownersOnly = deskRoutes().filter((route) => /^\/admin\/(staff|privacy|templates)/.test(route));
      expect(ownersOnly).toEqual(expect.arrayContaining(['/admin/staff', '/admin/templates']));
      for (const route of ownersOnly) {
        const opened = await page.goto(`${desk.origin}${route}`);
        expect(opened?.status(), route).toBe(403);
        await expect(page.getByRole('alert')).toHaveText(
          'Only an owner can manage staff, reply templates and privacy requests.',
        );
        const posted = await page.request.post(`${desk.origin}${route}`, {
          form: { csrf, action: 'add', email: 'agent-made@agency.example', role: 'owner' },
          headers: { Origin: desk.origin },
          maxRedirects: 0,
        });
        expect(posted.status(), route).toBe(403);
      }
      const owner = await postSignIn(desk, desk.owner.email, desk.owner.password, ownAddress());
      const staffPage = await fetch(`${desk.origin}/admin/staff`, { headers: { Cookie: sessionCookie(owner)! } });
      expect(await staffPage.text()).not.toContain('agent-made@agency.example');
    });

    full('sign-in is throttled per account and per address, whatever the password', async () => {
      const person: DeskPerson = {
        email: `throttled-${kind}@agency.example`,
        role: 'agent',
        password: 'throttled pass 2026',
      };
      await addStaff(desk.env, person);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await postSignIn(desk, person.email, 'a wrong guess', ownAddress())).status).toBe(401);
      }
      const refused = await postSignIn(desk, person.email, person.password, ownAddress());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(await refused.text()).toContain('Too many attempts');
      expect(sessionCookie(refused)).toBeUndefined();

      const address = ownAddress();
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const guess = await postSignIn(desk, `guess-${attempt}-${kind}@agency.example`, 'a wrong guess', address);
        expect(guess.status).toBe(401);
      }
      expect((await postSignIn(desk, desk.agent.email, desk.agent.password, address)).status).toBe(429);
      expect((await postSignIn(desk, desk.agent.email, desk.agent.password, ownAddress())).status).toBe(303);
    });

    full('staff text with script in it is refused or escaped', async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
      await page.goto(`${desk.origin}/admin/staff`);
      const csrf = await csrfOf(page);
      const before = await staffEmails(page, desk.origin);
      const response = await page.request.post(`${desk.origin}/admin/staff`, {
        form: { csrf, action: 'add', email: '"<script>"@x.example', role: 'agent' },
        headers: { Origin: desk.origin },
      });
      expect(response.status()).toBe(400);
      const html = await response.text();
      expect(html).toContain('Enter a plain email address');
      expect(html).not.toContain('<script>"');
      expect(await staffEmails(page, desk.origin)).toEqual(before);

      const typed = await postSignIn(desk, '"><script>alert(1)</script>', 'wrong', ownAddress());
      expect(typed.status).toBe(401);
      const echoed = await typed.text();
      // Echoed only inside the field's quoted value, its quote escaped: text there, never an element.
      expect(echoed).toContain('value="&quot;><script>alert(1)</script>"');
      expect(echoed.split('<script').length).toBe(2);
    });
  });
}

test.describe('a store that cannot be reached', () => {
  test('the desk answers 503 with a plain message, never a 500, and recovers', async ({ page }) => {
    const desk = await startDesk('postgresql');
    try {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
      const url = new URL(desk.env['DATABASE_URL']!);
      const name = url.pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env['TEST_POSTGRES_URL'] });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        const down = await page.goto(`${desk.origin}/admin/account`);
        expect(down?.status()).toBe(503);
        await expect(page.getByRole('alert')).toContainText('The enquiry desk cannot reach its database');
        expect(await axeViolations(page)).toEqual([]);
        expect(await htmlProblems(await down!.text(), 'desk-down')).toEqual([]);
        const signInPage = await page.goto(`${desk.origin}/admin/sign-in`);
        expect(signInPage?.status()).toBe(503);
        expect(await axeViolations(page)).toEqual([]);
        expect(await htmlProblems(await signInPage!.text(), 'sign-in-down')).toEqual([]);
      } finally {
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      await expect(async () => {
        expect((await page.goto(`${desk.origin}/admin/account`))?.status()).toBe(200);
      }).toPass({ timeout: 20_000 });
    } finally {
      await desk.stop();
    }
  });
});

test.describe('the first owner', () => {
  test('with no staff and no ADMIN_PASSWORD, the start log says how to add the first owner and the sign-in page does not', async ({
    page,
  }) => {
    const db = await testLeadDb('sqlite');
    const log: string[] = [];
    const server = await startServer({ ...db.env, ADMIN_PASSWORD: '' }, { log });
    try {
      await expect
        .poll(() => log.filter((line) => line.includes('npm run staff -- add you@example.com --role owner')))
        .toEqual([
          'No staff account exists yet: make the desk\'s first owner on this server with "npm run staff -- add you@example.com --role owner", then sign in at /admin/sign-in with the one-time password it prints.',
        ]);
      // A visitor sees the sign-in form as on any day, and learns nothing of the desk's accounts.
      await page.goto(`${server.origin}/admin/sign-in`);
      await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      const text = await page.locator('body').innerText();
      for (const secret of ['npm run', 'staff account', 'first owner', 'ADMIN_PASSWORD'])
        expect(text).not.toContain(secret);
      await page.getByLabel('Email').fill('someone@agency.example');
      await page.getByLabel('Password').fill('a guess at anything');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'That email and password do not match an account. Please try again.',
      );
    } finally {
      server.process.kill();
      await db.close();
    }
  });

  test('ADMIN_PASSWORD creates the first owner, who must choose a password, and then opens nothing', async ({
    page,
  }) => {
    const db = await testLeadDb('sqlite');
    const env = { ...db.env, ADMIN_PASSWORD: 'first owner bootstrap 2026', TRUST_PROXY: '' };
    let server = await startServer(env);
    try {
      await signIn(page, server.origin, 'Founder@Agency.example', 'first owner bootstrap 2026');
      await expect(page).toHaveURL(/\/admin\/password$/);
      await expect(page.getByText('You signed in with a one-time password')).toBeVisible();
      await page.goto(`${server.origin}/admin/staff`);
      await expect(page).toHaveURL(/\/admin\/password$/);
      await page.getByLabel('Current password').fill('first owner bootstrap 2026');
      await page.getByLabel('New password', { exact: true }).fill('the founder’s own passphrase');
      await page.getByLabel('New password again').fill('the founder’s own passphrase');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status')).toContainText('Your password is changed');
      await expect(page.getByText('Owner: manages staff')).toBeVisible();
      await expect(page.getByText('founder@agency.example')).toBeVisible();

      // Without TRUST_PROXY, a forged X-Forwarded-Proto does not make the cookie Secure-only.
      const forged = await postSignIn(server, 'founder@agency.example', 'the founder’s own passphrase', '', {
        proto: 'https',
      });
      expect(forged.status).toBe(303);
      expect(forged.headers.getSetCookie().find((line) => line.startsWith('miqat_desk='))).not.toContain('Secure');

      const second = await postSignIn(server, 'intruder@agency.example', 'first owner bootstrap 2026', '');
      expect(second.status).toBe(401);

      server.process.kill();
      const log: string[] = [];
      server = await startServer(env, { log });
      await expect
        .poll(() => log.filter((line) => line.includes('ADMIN_PASSWORD is ignored')))
        .toEqual(['ADMIN_PASSWORD is ignored: staff accounts exist. Remove it from the environment.']);
    } finally {
      server.process.kill();
      await db.close();
    }
  });
});

test.describe('the accessibility and HTML gates', () => {
  let desk: Desk;
  test.beforeAll(async () => {
    desk = await startDesk('sqlite');
  });
  test.afterAll(async () => {
    await desk?.stop();
  });

  for (const width of [1280, 390]) {
    test(`sign-in, password, account and staff pages pass axe and html-validate at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
      const checked: string[] = [];
      const gate = async (path: string) => {
        const response = await page.goto(`${desk.origin}${path}`);
        expect(response?.status(), path).toBe(200);
        expect(await axeViolations(page), path).toEqual([]);
        expect(await htmlProblems(await response!.text(), path), path).toEqual([]);
        checked.push(path);
      };
      await gate('/admin/sign-in');
      await page.getByLabel('Email').fill(desk.owner.email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
      for (const path of ['/admin/password', '/admin/account', '/admin/staff']) await gate(path);
      await page.getByLabel('Email').fill(`gates-${width}@agency.example`);
      await page.getByRole('button', { name: 'Add person' }).click();
      await expect(page.getByRole('status')).toContainText('One-time password');
      expect(await axeViolations(page)).toEqual([]);
      expect(await htmlProblems(await page.content(), 'staff-added')).toEqual([]);
      expect(checked).toHaveLength(4);
    });

    test(`the desk's refusals (owners only, an expired form, an ended session) pass the gates at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
      const gate = async (response: PageResponse | null, status: number, heading: string) => {
        expect(response?.status(), heading).toBe(status);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        expect(await axeViolations(page), heading).toEqual([]);
        expect(await htmlProblems(await response!.text(), heading), heading).toEqual([]);
      };
      await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
      await gate(await page.goto(`${desk.origin}/admin/staff`), 403, 'Owners only');

      const refusal = async (prepare: () => Promise<void>) => {
        await page.goto(`${desk.origin}/admin/account`);
        await prepare();
        const answer = page.waitForResponse((response) => response.request().method() === 'POST');
        const landed = page.waitForEvent('load');
        await page.getByRole('button', { name: 'Sign out everywhere' }).click();
        await landed;
        return answer;
      };
      const everywhere = page
        .locator('form')
        .filter({ has: page.getByRole('button', { name: 'Sign out everywhere' }) });
      const withoutToken = () => everywhere.locator('input[name="csrf"]').evaluate((input) => input.remove());
      await gate(await refusal(withoutToken), 403, 'This form has expired');
      await gate(await refusal(() => page.context().clearCookies()), 401, 'Please sign in');
    });
  }
});
