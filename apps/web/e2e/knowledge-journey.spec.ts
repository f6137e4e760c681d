import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectNoSeriousViolations } from './support/axe';
import { agentsBaseURL } from './support/servers';
import { freshPhone, requestCode } from './support/sms-codes';
import { expectFitsWidth } from './support/fits-width';
import { journeyTimeout, machineFactor } from './support/machine';

const screens = 'test-results/screens';

test.use({ baseURL: agentsBaseURL, locale: 'en-US' });

/** A real two-page PDF: the answer the journey asks for is on page 2. */
async function rulesPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = [
    ['Account rules', 'Accounts are opened online in about ten minutes.', 'A passport or an identity card is needed.'],
    ['Overnight interest', 'Swap-free accounts are available on request', 'for clients who cannot pay or receive overnight interest.'],
  ];
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }));
  }
  return Buffer.from(await pdf.save());
}

const faqCsv = ['question,answer', '出金多久到账？,出金申请在一个工作日内处理，资金原路退回。', 'What is the minimum deposit?,The minimum first deposit is 100 USD.'].join('\n');

/** Asks the agent in its chat and waits for the finished answer; answers it. */
async function ask(page: Page, question: string) {
  const input = page.getByRole('textbox', { name: 'Your question' });
  await expect(input).toBeEditable();
  await input.fill(question);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Stop Responding' })).toBeHidden({ timeout: 20_000 * machineFactor });
  const answer = page.getByRole('article', { name: 'Rules desk' }).last();
  await expect(answer.getByRole('region', { name: 'Sources' })).toBeVisible({ timeout: 20_000 * machineFactor });
  return answer;
}

test('an owner uploads a PDF and a CSV, watches them become ready, and the agent answers citing the right file', async ({ page }) => {
  journeyTimeout(120_000);
  // Sign up by SMS where an agent is made.
  await page.goto('/create');
  await page.getByRole('main').getByRole('button', { name: 'Log in / Sign up' }).click();
  const loginDialog = page.getByRole('dialog', { name: 'Log in / Sign up' });
  const phone = freshPhone('139');
  await loginDialog.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  const code = await requestCode(loginDialog, phone, 'login');
  await loginDialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await loginDialog.getByRole('button', { name: 'Log in / Sign up' }).click();
  await expect(loginDialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Name' }).fill('Rules desk');
  await page.getByRole('textbox', { name: 'Short description' }).fill('Answers from the broker rules');
  await page.getByRole('textbox', { name: 'Role prompt' }).fill('You answer questions about the account rules.');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}$/);
  const appId = page.url().split('/').at(-1)!;

  // My agents links to the agent's knowledge.
  await page.goto('/user/role');
  await page.getByRole('link', { name: 'Knowledge files of Rules desk' }).click();
  await expect(page).toHaveURL(`/upload/${appId}`);
  await expect(page.getByText('No files yet.', { exact: false })).toBeVisible();

  // Two files at once; both are processed in the background and reach ready.
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'rules.pdf', mimeType: 'application/pdf', buffer: await rulesPdf() },
    { name: 'faq.csv', mimeType: 'text/csv', buffer: Buffer.from(faqCsv, 'utf8') },
  ]);
  await expect(page.getByText('Uploaded 2 files; processing has started.')).toBeVisible();
  const rows = page.getByRole('row');
  const pdfRow = rows.filter({ hasText: 'rules.pdf' });
  const csvRow = rows.filter({ hasText: 'faq.csv' });
  await expect(pdfRow).toContainText('Ready', { timeout: 30_000 * machineFactor });
  await expect(csvRow).toContainText('Ready', { timeout: 30_000 * machineFactor });
  await expect(csvRow).toContainText('2 (2 Q&A)');
  await page.screenshot({ path: `${screens}/knowledge-files-light-1280.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'knowledge files');

  // The retrieval test shows the passage the chat would use, before any chat.
  await page.getByRole('tab', { name: 'Retrieval test' }).click();
  const testBox = page.getByRole('textbox', { name: 'Test question' });
  await testBox.fill('Are swap-free accounts available?');
  await testBox.press('Enter');
  const best = page.getByRole('region', { name: 'Retrieval results' }).getByRole('listitem', { name: 'Result 1 from rules.pdf' });
  await expect(best).toContainText('Chat would use it');
  await page.screenshot({ path: `${screens}/knowledge-test-light-1280.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'retrieval test');

  // In the chat, the answer cites the PDF's page, and the CSV's Q&A for a Chinese question.
  await page.getByRole('link', { name: 'Chat with it' }).click();
  await expect(page).toHaveURL(`/chat/${appId}`);
  const swapAnswer = await ask(page, 'Are swap-free accounts available?');
  await expect(swapAnswer).toContainText('Swap-free accounts are available on request');
  const pdfSource = swapAnswer.getByRole('region', { name: 'Sources' }).getByRole('button').first();
  await expect(pdfSource).toContainText('rules.pdf · p. 2');
  // the source opens the passage it came from
  await pdfSource.click();
  await expect(page.locator('.citation-list__excerpt')).toContainText('overnight interest');
  await page.keyboard.press('Escape');

  const depositAnswer = await ask(page, '出金要多久才能到账？');
  await expect(depositAnswer).toContainText('一个工作日内处理');
  await expect(depositAnswer.getByRole('region', { name: 'Sources' })).toContainText('faq.csv');
  await page.screenshot({ path: `${screens}/knowledge-chat-light-1280.png`, fullPage: true });

  // The files screen in dark, and on a phone, where each status sits under its file's name.
  await page.goto(`/upload/${appId}`);
  await expect(pdfRow).toContainText('Ready');
  await page.getByRole('radio', { name: 'Dark' }).check({ force: true });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.screenshot({ path: `${screens}/knowledge-files-dark-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(pdfRow).toContainText('Ready');
  await expectFitsWidth(page, 'the files screen on a phone');
  await page.screenshot({ path: `${screens}/knowledge-files-dark-375.png`, fullPage: true });
});
