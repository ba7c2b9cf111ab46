import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { chartsDir, renderAll, renderMachine } from '../../scripts/statecharts';

describe('statecharts', () => {
  it('are committed as the machines generate them (run `npm run statecharts` when this fails)', async () => {
    const files = await renderAll();
    const committed = fs.existsSync(chartsDir) ? fs.readdirSync(chartsDir).sort() : [];
    expect(committed).toEqual([...files.keys()].sort());
    for (const [name, content] of files) {
      expect(fs.readFileSync(path.join(chartsDir, name), 'utf8'), name).toBe(content);
    }
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
});
