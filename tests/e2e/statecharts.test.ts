/** Every statechart parses and draws in Mermaid, in the Chromium the other browser tests use. */
import { describe, expect, it, vi } from 'vitest';
import { drawSvgs } from '../../scripts/mermaid-svg';
import { loadCharts } from '../../scripts/statecharts';

vi.setConfig({ testTimeout: 120_000 });

describe('statecharts in Mermaid', () => {
  it('draws every chart without a Mermaid error', async () => {
    const charts = await loadCharts();
    const svgs = await drawSvgs(charts);
    expect([...svgs.keys()].sort()).toEqual(charts.map(({ name }) => name).sort());
    for (const [name, svg] of svgs) expect(svg, name).toMatch(/<svg[^>]*>[\s\S]*<g/);
  });

  it('fails, naming the chart, when Mermaid cannot parse one', async () => {
    // A root-level `--` between regions: the mistake the generator once made.
    const broken = 'stateDiagram-v2\n  state "a" as a\n  --\n  state "b" as b';
    await expect(drawSvgs([{ name: 'broken', mermaid: broken }])).rejects.toThrow(/broken:/);
  });
});
