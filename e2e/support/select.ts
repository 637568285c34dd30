import { expect, type Locator } from '@playwright/test';

/**
 * Chooses `option` in a back-office select (MUI's Select), opening its menu from the keyboard. A click does not
 * open it safely: MUI's Select (9.x) chooses the item under the pointer when the button comes up 400 ms or more
 * after it went down (press, drag, release, as a native select does), and its menu opens with the first or
 * chosen item over the select itself. On a busy machine the release of a plain click came that late, and the
 * select took its first item instead of the one asked for (seen on CI in the audit log's journey).
 */
export async function chooseOption(select: Locator, option: string): Promise<void> {
  const page = select.page();
  await select.focus();
  await select.press('ArrowDown');
  // The open menu is modal: the rest of the page, the select included, leaves the accessibility tree until it closes.
  const menu = page.getByRole('listbox');
  await expect(menu).toBeVisible();
  await menu.getByRole('option', { name: option, exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(select).toContainText(option);
}
