import type { BrowserContext, Page } from 'playwright-core';
import type { Portal } from './portal.js';

/** Signing in to the web apps as the demo users, for the browser journeys. */

export const DEMO_PASSWORD = 'Demo-Portal-2026';

export async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A page of the resident app signed in as the user, on the dashboard. */
export async function residentPage(context: BrowserContext, portal: Portal, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${portal.url}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${portal.url}/login`);
  await signIn(page, email);
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor({ timeout: 20_000 });
  return page;
}

/** A page of the staff app signed in as the user, on its dashboard. */
export async function staffPage(context: BrowserContext, portal: Portal, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${portal.url}/admin/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${portal.url}/admin/`);
  await signIn(page, email);
  await page
    .getByRole('heading', { name: 'Porta administration', level: 1, exact: true })
    .waitFor({ timeout: 30_000 });
  return page;
}

export async function leave(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.close();
}

/** Picks a housing company in a staff form's "Housing companies" targeting input. */
export async function chooseHousingCompany(page: Page, name: string) {
  const input = page.getByRole('combobox', { name: 'Housing companies' });
  await input.click();
  await input.fill(name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.keyboard.press('Escape');
}
