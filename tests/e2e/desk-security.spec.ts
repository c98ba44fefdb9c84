import { expect, test, type Page } from '@playwright/test';
import { STORE_KINDS } from '../support/store-kinds.ts';
import { signIn, startDesk, type Desk } from './support/desk.ts';

/** Each test signs in from its own address, so the throttle of one never touches another. */
let clientNumber = 0;
function ownAddress(): string {
  clientNumber += 1;
  return `198.51.${100 + (process.pid % 50)}.${clientNumber}`;
}

async function fromOwnAddress(page: Page): Promise<string> {
  const address = ownAddress();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return address;
}

for (const kind of STORE_KINDS) {
  test.describe(`the desk's lock on ${kind}`, () => {
    test.describe.configure({ mode: 'serial' });
    let desk: Desk;
    test.beforeAll(async () => {
      desk = await startDesk(kind);
    });
    test.afterAll(async () => {
      await desk.stop();
    });

    test('a signed-in owner reaches their account; without a session the desk sends them to sign in', async ({
      page,
    }) => {
      await fromOwnAddress(page);
      await page.goto(`${desk.origin}/admin/account?tab=1`);
      await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faccount%3Ftab%3D1$/);
      await page.getByLabel('Email').fill(desk.owner.email);
      await page.getByLabel('Password').fill(desk.owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/admin\/account\?tab=1$/);
    });

    test('a wrong password is refused with an announced message', async ({ page }) => {
      await fromOwnAddress(page);
      await page.goto(`${desk.origin}/admin/sign-in`);
      await page.getByLabel('Email').fill(desk.owner.email);
      await page.getByLabel('Password').fill('not the password at all');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toContainText('do not match');
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
    });
  });
}
