import type { Page } from 'playwright-core';
import { afterCall, button, PAGE_BUDGET_MS, type PageToVisit, type TourData } from './crawl.js';

/** What the editor tour names what it makes, and the code it types (no quotes or brackets: Monaco closes them itself). */
export const EDITOR_TOUR = {
  block: 'tour transform',
  uuid: 'tour_transform',
  code: 'answer_is_42',
  renamed: 'tour renamed',
  renamedUuid: 'tour_renamed',
} as const;

/** The editor's add-block menu: a type, then Python, then "Generic (no template)", a name, "Save and add". */
async function addBlockFromMenu(page: Page, type: RegExp, name: string) {
  await button(page, type).click();
  await page.getByText('Python', { exact: true }).filter({ visible: true }).last().hover();
  await page
    .getByText(/Generic/)
    .filter({ visible: true })
    .last()
    .click();
  await page.getByPlaceholder('Block name...').filter({ visible: true }).last().fill(name);
  const created = afterCall(page, 'POST', /^\/api\/pipelines\/[^/]+\/blocks(\?|$)/);
  await button(page, /Save and add/).click();
  await created;
}

/** The tour's step that draws a link by dragging in the dependency tree. */
export const LINK_STEP = 'an upstream link drawn by dragging';

/** What a block's output panel shows once the kit has answered "run block": the kit runs no code. */
export const KIT_RUN_OUTPUT = /Running code is not available/;

/**
 * The pipeline editor's tour: the page opens (files, templates, data providers, suggestions, kernel), a transformer is
 * added from its menu (linked under the last block, as Mage adds it), code is typed into it and saved, the block is run
 * (`runOutput`: what its output panel then shows; the kit answers that code does not run here), and the page is opened
 * again to show the saved code.
 */
export function editorTour(d: TourData, shownCode: string, runOutput: RegExp = KIT_RUN_OUTPUT): PageToVisit[] {
  const editor = `/pipelines/${d.pipeline}/edit`;
  return [
    // Opened once the blocks' editors show `shownCode` (a line of the pipeline's code) and the file browser its folders.
    {
      name: 'editor',
      path: editor,
      waitFor: shownCode,
      interact: async (page) => {
        await page.getByText('data_loaders').first().waitFor({ timeout: PAGE_BUDGET_MS });
      },
    },
    {
      name: 'a block added from the menu',
      path: editor,
      waitFor: d.block,
      interact: async (page) => {
        await addBlockFromMenu(page, /^Transformer/, EDITOR_TOUR.block);
        await page.getByText(EDITOR_TOUR.uuid).first().waitFor({ timeout: PAGE_BUDGET_MS });
      },
    },
    {
      name: 'code typed and saved',
      path: editor,
      stay: true,
      interact: async (page) => {
        // The new block's editor has the focus once it is added. The text arrives as one input, as a paste would: typed
        // key by key, a loaded machine saw Monaco lose a character of it.
        await page.keyboard.insertText(EDITOR_TOUR.code);
        const saved = afterCall(page, 'PUT', new RegExp(`^/api/pipelines/${d.pipeline}\\?`));
        await page.keyboard.press('Control+s');
        await saved;
      },
    },
    {
      name: 'the block run',
      path: editor,
      stay: true,
      interact: async (page) => {
        await page.keyboard.press('Control+Enter');
        await page.getByText(runOutput).first().waitFor({ timeout: PAGE_BUDGET_MS });
      },
    },
    { name: 'the editor reopened', path: editor, waitFor: EDITOR_TOUR.code },
    {
      // The block's name in its header opens Mage's rename dialog, which saves the pipeline with the new name.
      name: 'the added block renamed',
      path: editor,
      stay: true,
      interact: async (page) => {
        await page.getByText(EDITOR_TOUR.uuid, { exact: true }).first().click();
        await page.getByPlaceholder('Block name...').filter({ visible: true }).last().fill(EDITOR_TOUR.renamed);
        const saved = afterCall(page, 'PUT', new RegExp(`^/api/pipelines/${d.pipeline}\\?`));
        await button(page, /Save and update/).click();
        await saved;
        await page.getByText(EDITOR_TOUR.renamedUuid).first().waitFor({ timeout: PAGE_BUDGET_MS });
      },
    },
    {
      // Mage's dependency tree: the pipeline's first block's bottom port dragged onto the renamed block, which Mage saves
      // as that block with one more upstream block.
      name: LINK_STEP,
      path: editor,
      stay: true,
      interact: async (page) => {
        const source = await firstBlockInTree(page, [d.block, EDITOR_TOUR.renamedUuid]);
        const linked = afterCall(page, 'PUT', new RegExp(`^/api/pipelines/${d.pipeline}/blocks/${EDITOR_TOUR.renamedUuid}(\\?|$)`));
        await dragLink(page, source, EDITOR_TOUR.renamedUuid);
        await linked;
      },
    },
    {
      // Opened again, the tree draws the link: the ports Mage gives the ends of that edge (`<upstream>→<block>→from|to`).
      name: 'the editor reopened with the link',
      path: editor,
      waitFor: EDITOR_TOUR.code,
      interact: async (page) => {
        await treeNode(page, EDITOR_TOUR.renamedUuid).waitFor({ state: 'attached', timeout: PAGE_BUDGET_MS });
        const source = await firstBlockInTree(page, [d.block, EDITOR_TOUR.renamedUuid]);
        await page.locator(`g[id*="-port-${source}→${EDITOR_TOUR.renamedUuid}→"]`).first().waitFor({ state: 'attached', timeout: PAGE_BUDGET_MS });
      },
    },
    {
      // Mage's rule: a block with downstream blocks is deleted only with force; its editor shows the server's refusal.
      name: 'a block with downstream blocks kept',
      path: editor,
      stay: true,
      interact: async (page) => {
        await deleteSelectedBlock(page, shownCode);
        await page
          .getByText(/Please remove the downstream blocks first/)
          .first()
          .waitFor({ timeout: PAGE_BUDGET_MS });
        await page.keyboard.press('Escape');
      },
    },
    {
      name: 'the added block deleted',
      path: editor,
      waitFor: EDITOR_TOUR.code,
      interact: async (page) => {
        await deleteSelectedBlock(page, EDITOR_TOUR.code);
        await page.getByText(EDITOR_TOUR.renamedUuid).first().waitFor({ state: 'detached', timeout: PAGE_BUDGET_MS });
      },
    },
  ];
}

/** Selects the block whose editor shows `code` (a click in it, then Escape) and deletes it with Mage's shortcut, D D. */
async function deleteSelectedBlock(page: Page, code: string) {
  await page.getByText(code).first().click();
  await page.keyboard.press('Escape');
  const deleted = afterCall(page, 'DELETE', /^\/api\/pipelines\/[^/]+\/blocks\//);
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  await deleted;
}

/** A node of the dependency tree: Mage's `g` element of the block (reaflow names it `ref-<n>-node-<uuid>`). */
const treeNode = (page: Page, uuid: string) => page.locator(`g[id$="-node-${uuid}"]`).first();

/** The uuid of the first block the dependency tree draws, but `others`. */
async function firstBlockInTree(page: Page, others: string[]): Promise<string> {
  const ids = await page.locator('g[id*="-node-"]:not([id*="-port-"])').evaluateAll((nodes) => nodes.map((node) => node.id));
  const uuid = ids.map((id) => id.replace(/^.*?-node-/, '')).find((candidate) => !others.includes(candidate));
  if (!uuid) throw new Error(`no other block in the dependency tree (it draws ${ids.join(', ')})`);
  return uuid;
}

const centre = (box: { x: number; y: number; width: number; height: number }) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/**
 * Draws a link in Mage's dependency tree with the mouse, as a person does: hovering `from` shows its ports; its bottom
 * port ("downstream add") is pressed, dragged onto the body of `to` (Mage takes the block the pointer enters while a
 * port is dragged) and released there. Mage then saves `to` with `from` among its upstream blocks.
 */
async function dragLink(page: Page, from: string, to: string) {
  const body = treeNode(page, from).locator('> foreignObject');
  await body.scrollIntoViewIfNeeded({ timeout: PAGE_BUDGET_MS });
  const fromBox = await body.boundingBox();
  if (!fromBox) throw new Error(`the block ${from} is not drawn in the dependency tree`);
  await page.mouse.move(centre(fromBox).x, centre(fromBox).y);
  // The port grows from nothing once the block is hovered.
  const port = page.locator(`g[id$="-port-${from}-dowstream-add"] rect[class*="clicker"]`).first();
  await page.waitForFunction((element) => (element?.getBoundingClientRect().width ?? 0) > 20, await port.elementHandle({ timeout: PAGE_BUDGET_MS }), {
    timeout: PAGE_BUDGET_MS,
  });
  const start = centre((await port.boundingBox())!);
  const target = await treeNode(page, to).locator('> foreignObject').boundingBox();
  if (!target) throw new Error(`the block ${to} is not drawn in the dependency tree`);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(centre(target).x, centre(target).y, { steps: 15 });
  await page.mouse.up();
}
