import type { BrowserContext } from 'playwright-core';

/** A page to time and, per backend, text only the page's data puts on it (its main content, once an API answered). */
export interface TimedPage {
  name: string;
  /** Per backend name: the page's path there and the text to wait for. */
  on: Map<string, { path: string; shows: string }>;
}

/** A backend to time in the one browser: its base URL and a signed-in context of its own. */
export interface TimedBackend {
  name: string;
  url: string;
  context: BrowserContext;
}

/** Milliseconds from asking for the page to its main content showing (a fresh tab of the signed-in context). */
export async function timeToContent(context: BrowserContext, url: string, shows: string, budgetMs: number): Promise<number> {
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: budgetMs });
    await page.getByText(shows).first().waitFor({ timeout: budgetMs });
    return performance.now() - started;
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Times each page on each backend `samples` times, the backends alternating within each sample (so a busier moment
 * of a shared machine falls on all of them alike), and returns the medians in ms, by page then backend.
 */
export async function timePages(backends: readonly TimedBackend[], pages: readonly TimedPage[], samples: number, budgetMs: number) {
  const times = new Map<string, number[]>();
  const key = (page: string, backend: string) => `${page}\u0000${backend}`;
  for (let sample = 0; sample < samples; sample++)
    for (const page of pages)
      for (const backend of backends) {
        const target = page.on.get(backend.name);
        if (!target) throw new Error(`no ${page.name} page for ${backend.name}`);
        const ms = await timeToContent(backend.context, backend.url + target.path, target.shows, budgetMs);
        times.set(key(page.name, backend.name), [...(times.get(key(page.name, backend.name)) ?? []), ms]);
      }
  return new Map(pages.map((page) => [page.name, new Map(backends.map((backend) => [backend.name, median(times.get(key(page.name, backend.name))!)]))]));
}
