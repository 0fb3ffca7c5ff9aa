/**
 * The report's section on how soon Mage's web UI shows its pages, on the kit's two ways and on Mage. Nothing imported:
 * scripts/real-mage/repeat-summary.ts masks it when it compares the reports of `--repeat`.
 */

/** One page of the UI timing: the median milliseconds to its main content on each backend. */
export interface UiTimingRow {
  page: string;
  demo: number;
  server: number;
  mage: number;
}

export interface UiTiming {
  rows: UiTimingRow[];
  samples: number;
  /** The machine's load average (1, 5, 15 min) as the timing started. */
  load: string;
}

export const UI_TIMING_HEADING = "## Mage's web UI: time to each page's main content";

const ms = (value: number) => Math.round(value).toLocaleString('en-US');
const ratio = (kit: number, mage: number) => (kit / mage).toFixed(2);

/**
 * The UI timing's section: measured after the report is first written (by the UI tour's file, which replaces the
 * section with withUiTiming), so the report as first written says it has not been measured yet.
 */
export function renderUiTiming(timing?: UiTiming): string[] {
  return [
    UI_TIMING_HEADING,
    '',
    'Measured by `npm run test:real-mage` (`conformance/real-mage/mage-ui.real.test.ts`) in one Chromium, after its tour',
    'and with nothing else asking Mage for anything (MCP is done; the editor tour runs after): the time from asking for a',
    'page to its main content showing (text only an API answer puts',
    'there: a failed run’s pipeline on the overview, the first pipeline of the list, a block of the run), on the static',
    'demo (`npm run mage-ui:demo` served by `python3 -m http.server`: the mocks in a service worker, no server), on the',
    'reference server with `--mage-ui` (both with the demo’s scenario, three pipelines) and on this real Mage (what the',
    'suite made on it, some thirty pipelines), each signed in, the backends alternating, the median per page. One run on',
    'a shared machine: the figures change from run to run (`--repeat` compares reports without them); a ratio under 1',
    'means the kit’s way showed the page sooner than Mage.',
    '',
    ...(timing
      ? [
          `Median of ${timing.samples} per page and backend; load average ${timing.load} as the timing started.`,
          '',
          '| page | static demo (ms) | reference server (ms) | Mage (ms) | demo ÷ Mage | server ÷ Mage |',
          '|---|---|---|---|---|---|',
          ...timing.rows.map((r) => `| ${r.page} | ${ms(r.demo)} | ${ms(r.server)} | ${ms(r.mage)} | ${ratio(r.demo, r.mage)} | ${ratio(r.server, r.mage)} |`),
        ]
      : ['(Not measured in this run: the UI tour’s file did not get to it.)']),
    '',
  ];
}

/** The report with its UI timing section replaced by `timing`'s. */
export function withUiTiming(report: string, timing: UiTiming): string {
  const start = report.indexOf(`${UI_TIMING_HEADING}\n`);
  if (start < 0) throw new Error(`the report has no "${UI_TIMING_HEADING}" section`);
  const next = report.indexOf('\n## ', start + UI_TIMING_HEADING.length);
  const end = next < 0 ? report.length : next + 1;
  return `${report.slice(0, start)}${renderUiTiming(timing).join('\n')}\n${report.slice(end)}`;
}

/** The report with what the UI timing measured (its figures and the load) masked: what `--repeat` compares. */
export function maskUiTiming(report: string): string {
  const start = report.indexOf(`${UI_TIMING_HEADING}\n`);
  if (start < 0) return report;
  const next = report.indexOf('\n## ', start + UI_TIMING_HEADING.length);
  const end = next < 0 ? report.length : next;
  return report.slice(0, start) + report.slice(start, end).replace(/\d[\d,.]*/g, '#') + report.slice(end);
}
