import { expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';
import { chapterText, openReader, spineOf } from '../support/reader.js';

const journey = useJourney('orders');

/** A priced, published demo book (any: each device buys it as a new member; other journeys import many books). */
async function pricedBook(): Promise<{ id: number; title: string; price: number }> {
  const list = await api<{ rows: { id: number; title: string; price: number }[] }>('/api/book/list?pageSize=999');
  const book = list.data.rows.find((b) => b.price > 0);
  if (!book) throw new Error('no priced demo book');
  return book;
}

for (const device of DEVICES) {
  test(`a student buys a book and pays on the sandbox's page in the same logged-in browser; reads it, finds it on the shelf and in purchase records (${device})`, async () => {
    const book = await pricedBook();
    const made = await api<{ id: number }>('/api/test/member', { body: { userName: `购书学生${device}` } });
    const page = await journey.page(device);
    await loginAs(page, made.data.id);

    // Book detail: the price and 购买 for a book the student cannot read yet.
    await page.goto(`/book-detail?id=${book.id}`, { waitUntil: 'networkidle' });
    const buy = page.getByRole('button', { name: /购买/ });
    await buy.waitFor();
    await buy.click();

    // The payment dialog: amount, channel, QR code, polling.
    const dialog = page.locator('.pay-dialog');
    await dialog.getByTestId('pay-qr').waitFor();
    expect(await dialog.getByText(`¥${book.price.toFixed(2)}`).count()).toBeGreaterThan(0);
    expect(await dialog.getByText('沙箱支付').count()).toBeGreaterThan(0);
    await shot(page, 'pay-dialog');

    // The buyer opens the sandbox's pay page from the dialog: a new tab of the same logged-in browser (its session
    // cookie goes with 确认支付's form, which must not be refused as cross-site).
    const payPage = await journey.popup(page, () => dialog.getByTestId('pay-open').click());
    await payPage.getByText('扫码/确认支付').waitFor();
    await shot(payPage, 'sandbox-page');
    await payPage.getByRole('button', { name: '确认支付' }).click();
    await payPage.getByText('支付成功').waitFor();
    // A page, not raw JSON: the result and the way back to the book.
    expect(await payPage.locator('body').innerText()).not.toContain('"code"');
    await payPage.getByRole('link', { name: '返回教材页面' }).waitFor();
    await shot(payPage, 'pay-result');
    expect(consoleErrors(payPage)).toEqual([]);
    await payPage.close();
    await page.bringToFront();

    // The dialog sees the order paid and offers the book: 开始阅读 opens it.
    await dialog.getByText('支付成功').waitFor({ timeout: 15_000 });
    await shot(page, 'paid');
    await dialog.getByRole('button', { name: '开始阅读' }).click();
    await page.waitForURL('**/bookPreview?**');
    expect((await chapterText(page)).trim().length).toBeGreaterThan(100);
    await shot(page, 'reading', { fullPage: false });
    // A chapter past the free ones opens too.
    const spine = await spineOf(book.id);
    const paidChapter = spine.find((c) => !c.free) ?? spine[spine.length - 1]!;
    await openReader(page, `/bookPreview?bookId=${book.id}&chapterId=${paidChapter.id}`);
    expect((await chapterText(page)).trim().length).toBeGreaterThan(100);

    // On the shelf.
    await page.goto('/list', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('shelf-card').filter({ hasText: book.title }).count()).toBeGreaterThan(0);
    await shot(page, 'shelf');

    // Purchase records: 已支付, and the receipt downloads.
    await page.goto('/my/record', { waitUntil: 'networkidle' });
    await page.getByText(book.title).first().waitFor();
    expect(await page.getByText('已支付').count()).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByTestId('receipt-download').first().click();
    expect((await download).suggestedFilename()).toMatch(/^购书收据-\d+\.pdf$/);
    await shot(page, 'record');
    expect(consoleErrors(page)).toEqual([]);
  }, 180_000);
}
