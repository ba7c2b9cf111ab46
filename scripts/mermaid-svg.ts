/**
 * Draws Mermaid charts as SVG in Chromium (the same Debian Chromium the browser tests drive):
 * Mermaid needs a real DOM to measure its text. Throws, naming every chart, when Mermaid
 * cannot parse or draw one.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { launchChromium } from '../tests/support/chromium';

/** Each SVG starts with this comment, so the committed picture is known to match its source. */
export const sourceStamp = (mermaid: string) =>
  `<!-- statechart source sha256 ${crypto.createHash('sha256').update(mermaid).digest('hex')} -->`;

declare const mermaid: {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
};

export async function drawSvgs(
  charts: { name: string; mermaid: string }[],
): Promise<Map<string, string>> {
  if (charts.length === 0) return new Map();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({
      path: createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js'),
    });
    await page.evaluate(() =>
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        deterministicIds: true,
        theme: 'neutral',
        htmlLabels: false,
      }),
    );
    const svgs = new Map<string, string>();
    const failures: string[] = [];
    for (const chart of charts) {
      const drawn = await page.evaluate(
        async ({ name, text }) => {
          try {
            return { svg: (await mermaid.render(`chart-${name.replace(/\W/g, '_')}`, text)).svg };
          } catch (error) {
            return { error: String(error instanceof Error ? error.message : error) };
          }
        },
        { name: chart.name, text: chart.mermaid },
      );
      if ('svg' in drawn) svgs.set(chart.name, `${sourceStamp(chart.mermaid)}\n${drawn.svg}\n`);
      else failures.push(`${chart.name}: ${drawn.error}`);
    }
    if (failures.length)
      throw new Error(
        `Mermaid could not draw ${failures.length} chart(s):\n${failures.join('\n')}`,
      );
    return svgs;
  } finally {
    await browser.close();
  }
}
