import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup } from 'xstate';
import { sourceStamp } from '../../scripts/mermaid-svg';
import { chartsDir, renderAll, renderMachine } from '../../scripts/statecharts';

describe('statecharts', () => {
  it('are committed as the machines generate them (run `npm run statecharts` when this fails)', async () => {
    const { charts, files } = await renderAll();
    const expected = [...files.keys(), ...charts.map(({ name }) => `${name}.svg`)].sort();
    const committed = fs.existsSync(chartsDir) ? fs.readdirSync(chartsDir).sort() : [];
    expect(committed).toEqual(expected);
    for (const [name, content] of files) {
      expect(fs.readFileSync(path.join(chartsDir, name), 'utf8'), name).toBe(content);
    }
    // The pictures are drawn in Chromium; each carries the hash of the source it was drawn from.
    for (const { name, mermaid } of charts) {
      expect(
        fs.readFileSync(path.join(chartsDir, `${name}.svg`), 'utf8').split('\n')[0],
        `${name}.svg`,
      ).toBe(sourceStamp(mermaid));
    }
  });

  it('gives machines built by one factory one chart that lists them', async () => {
    const { charts } = await renderAll();
    const drawings = charts.map(({ mermaid }) => mermaid);
    expect(new Set(drawings).size).toBe(drawings.length);
    expect(charts.some(({ machines }) => machines.length > 1)).toBe(true);
  });

  it('draws nested and parallel states inside their parents', () => {
    const machine = createMachine({
      id: 'sample',
      initial: 'form',
      states: {
        form: {
          type: 'parallel',
          states: {
            upload: { initial: 'idle', states: { idle: { on: { pick: 'picked' } }, picked: {} } },
            details: { initial: 'editing', states: { editing: {} } },
          },
          on: { send: 'sent' },
        },
        sent: { type: 'final' },
      },
    });
    expect(renderMachine(machine)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> form',
        '  state "form" as form {',
        '    state "upload" as form__upload {',
        '      [*] --> form__upload__idle',
        '      state "idle" as form__upload__idle',
        '      state "picked" as form__upload__picked',
        '    }',
        '    --',
        '    state "details" as form__details {',
        '      [*] --> form__details__editing',
        '      state "editing" as form__details__editing',
        '    }',
        '  }',
        '  state "sent" as sent',
        '  sent --> [*]',
        '  form --> sent : send',
        '  form__upload__idle --> form__upload__picked : pick',
      ].join('\n'),
    );
  });

  it('puts root-level regions inside one state, since a root-level `--` does not parse in Mermaid 11', () => {
    const machine = createMachine({
      id: 'clocked',
      type: 'parallel',
      states: { a: { initial: 'x', states: { x: {} } }, b: { initial: 'y', states: { y: {} } } },
    });
    const lines = renderMachine(machine).split('\n');
    expect(lines[1]).toBe('  state "clocked" as clocked_regions {');
    expect(lines).toContain('    --');
    expect(lines.filter((line) => line.trim() === '--')).toHaveLength(1);
  });

  it('writes staying transitions inside the state, says which are refused, and gives delays in seconds', () => {
    const child = createMachine({ id: 'child', initial: 'idle', states: { idle: {} } });
    const machine = setup({
      types: { context: {} as { wait: number }, input: {} as { wait?: number } },
      actions: { notifyErrors: () => {}, saveDraft: () => {} },
      guards: { isValid: () => true },
      delays: { redirectDelay: ({ context }) => context.wait, tick: 1000 },
      actors: { list: child, send: fromPromise(async () => {}) },
    }).createMachine({
      id: 'flow',
      context: ({ input }) => ({ wait: input.wait ?? 3000 }),
      invoke: { id: 'list', src: 'list' },
      initial: 'editing',
      states: {
        editing: {
          after: { tick: { target: 'editing', reenter: true } },
          on: {
            'field.change': { actions: ['saveDraft', assign({ wait: 1 })] },
            submit: [{ guard: 'isValid', target: 'sending' }, { actions: 'notifyErrors' }],
          },
        },
        sending: { invoke: { id: 'send', src: 'send', onDone: 'sent' } },
        sent: { after: { redirectDelay: 'done' } },
        done: { type: 'final' },
      },
    });
    const chart = renderMachine(machine);
    expect(chart).toContain('  editing : after 1 s (tick), starts again');
    expect(chart).toContain('  editing : field.change, stays');
    expect(chart).toContain('  editing : submit [otherwise], refused and stays');
    expect(chart).toContain('  editing --> sending : submit [isValid]');
    expect(chart).toContain('  sent --> done : after 3 s (redirectDelay)');
    expect(chart).toContain('  everywhere : runs child machine child');
    expect(chart).not.toMatch(/editing --> editing/);
  });
});
