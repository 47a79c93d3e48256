import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh } from './fixtures.ts';

// The Stories screen (issue 13): the inventory's stories, search and sort, a story refused without
// its slugline (spec 002 §5 "This field is required"), created, edited, picked on a unit (its page
// shows it), then deleted; a read-only user sees the list without the editing buttons (spec 001 §6).

const QUIET = { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) } as never;
const line = (page: Page, slugline: string) => page.getByTestId('story-line').filter({ has: page.getByText(slugline, { exact: true }) });

test('creates, refuses, edits, picks on a unit and deletes a story on the Stories screen', async ({ page }) => {
  test.setTimeout(90_000);
  await signInFresh(page, 'luc_regular', QUIET);
  await page.goto('/stories');
  await expect(page.getByRole('heading', { name: 'Stories' })).toBeVisible();
  await expect(line(page, 'ELECTION-NIGHT')).toHaveCount(1);
  // Sort by slugline descending, then search.
  await page.getByRole('button', { name: /^Slugline/ }).click();
  await expect(page.getByTestId('story-line').first()).toContainText('MARKET-OPEN');
  await page.getByLabel('Search stories').fill('flood');
  await expect(page.getByTestId('story-line')).toHaveCount(1);
  await page.getByLabel('Search stories').fill('');

  // A story needs its slugline.
  await page.getByRole('button', { name: 'Add a story' }).click();
  const form = page.getByRole('form', { name: 'New story' });
  await form.getByRole('button', { name: 'Add story' }).click();
  await expect(form.getByText('This field is required')).toBeVisible();
  await screenshot(page, 'stories-slugline-required');
  const slugline = `HARBOUR-FIRE-${Date.now() % 100_000}`;
  await form.getByLabel('Slugline').fill(slugline);
  await form.getByLabel('Reporter').fill('M. Diallo');
  await form.getByRole('button', { name: 'Add story' }).click();
  await expect(line(page, slugline)).toHaveCount(1);

  // Edit it.
  await line(page, slugline).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Keywords').fill('fire, harbour');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(line(page, slugline)).toContainText('fire, harbour');
  await screenshot(page, 'stories-screen');

  // Pick it on a unit of the group: its page shows it.
  await page.goto('/list');
  const row = page.locator('[role="row"][data-unit-id]').first();
  await expect(row).toBeVisible();
  await row.locator('[data-column="type"]').click();
  await expect(page.getByTestId('unit-name')).toBeVisible();
  await page.getByTestId('open-story-selection').click();
  const dialog = page.getByRole('dialog', { name: 'Story selection' });
  await dialog.getByLabel('Search stories').fill(slugline);
  await dialog.getByRole('radio', { name: slugline }).click();
  await dialog.getByRole('button', { name: 'Select story' }).click();
  await expect(page.getByTestId('unit-story')).toHaveText(`Story: ${slugline}`);
  await screenshot(page, 'stories-picked-on-unit');

  // Delete it.
  await page.goto('/stories');
  await line(page, slugline).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(line(page, slugline)).toHaveCount(0);
});

test('a read-only user reads the stories without adding, editing or deleting', async ({ page }) => {
  await signInFresh(page, 'luc_read', QUIET);
  await page.goto('/stories');
  await expect(line(page, 'ELECTION-NIGHT')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Add a story' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

const MAPPING = `<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template match="/">
    <stories>
      <xsl:for-each select="rundown/item">
        <story><slugline><xsl:value-of select="@slug"/></slugline><reporter><xsl:value-of select="reporter"/></reporter></story>
      </xsl:for-each>
    </stories>
  </xsl:template>
</xsl:stylesheet>`;

test('sets up newsroom sync: the ingest account, an XSLT mapping (a text file refused) and its test', async ({ page }) => {
  test.setTimeout(90_000);
  await signInFresh(page, 'luc_admin', QUIET);
  await page.goto('/stories');
  await page.getByRole('button', { name: 'Newsroom sync' }).click();
  const modal = page.getByRole('dialog', { name: 'Story settings (newsroom sync)' });
  await modal.getByLabel('Newsroom address').fill('ftp://newsroom');
  await modal.getByRole('button', { name: 'Save account' }).click();
  await expect(modal.getByText('Use an http:// or https:// address')).toBeVisible();
  await modal.getByLabel('Newsroom address').fill('https://newsroom.example/api');
  await modal.getByLabel('Username').fill('ingest');
  await modal.getByRole('button', { name: 'Save account' }).click();
  await modal.getByLabel('Password', { exact: true }).fill('s3cret-pass');
  await modal.getByRole('button', { name: 'Set password' }).click();
  await expect(modal.getByText('A password is set; type a new one to replace it.')).toBeVisible();
  const fileInput = modal.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'rundown.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(modal.getByText('Only XSLT files (.xslt or .xsl) can be uploaded')).toBeVisible();
  await fileInput.setInputFiles({ name: 'rundown.xsl', mimeType: 'application/xslt+xml', buffer: Buffer.from(MAPPING) });
  await expect(modal.getByText('Current mapping: rundown.xsl')).toBeVisible();
  await modal.getByLabel('Sample newsroom content (XML)').fill('<rundown><item slug="HARBOUR-FIRE"><reporter>M. Diallo</reporter></item><item slug=""><reporter>No slug</reporter></item></rundown>');
  await modal.getByRole('button', { name: 'Test the mapping' }).click();
  const result = modal.getByTestId('mapping-test-result');
  await expect(result).toContainText('HARBOUR-FIRE');
  await expect(result).toContainText('Slugline: This field is required');
  await screenshot(page, 'stories-newsroom-sync');
});
