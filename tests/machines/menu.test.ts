import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { menuMachine } from '../../src/machines/menuMachine';
import { graphSuite } from '../support/graph/graph';

const implementations = { actions: { focusMenuButton: vi.fn(), focusDropdownButton: vi.fn() } };

graphSuite('menu', {
  machine: menuMachine,
  events: [
    { type: 'dropdown.toggle', dropdown: 'services' },
    { type: 'dropdown.toggle', dropdown: 'partner' },
  ],
  implementations,
});

describe('menu', () => {
  function start() {
    const focus = { menu: vi.fn(), dropdown: vi.fn() };
    const actor = createActor(
      menuMachine.provide({
        actions: {
          focusMenuButton: () => focus.menu(),
          focusDropdownButton: (_, params) => focus.dropdown(params),
        },
      }),
    ).start();
    return { actor, focus };
  }

  it('closes the open dropdown on Escape first, then the panel, each time returning focus to its button', () => {
    const { actor, focus } = start();
    actor.send({ type: 'menu.toggle' });
    actor.send({ type: 'dropdown.toggle', dropdown: 'partner' });
    actor.send({ type: 'escape' });
    expect(actor.getSnapshot().value).toEqual({ open: 'none' });
    expect(focus.dropdown).toHaveBeenCalledWith({ dropdown: 'partner' });
    expect(focus.menu).not.toHaveBeenCalled();
    actor.send({ type: 'escape' });
    expect(actor.getSnapshot().value).toEqual({ closed: 'none' });
    expect(focus.menu).toHaveBeenCalledTimes(1);
  });

  it('keeps one dropdown open at a time and closes everything on navigation', () => {
    const { actor } = start();
    actor.send({ type: 'menu.toggle' });
    actor.send({ type: 'dropdown.toggle', dropdown: 'services' });
    actor.send({ type: 'dropdown.toggle', dropdown: 'partner' });
    expect(actor.getSnapshot().value).toEqual({ open: 'partner' });
    actor.send({ type: 'navigate' });
    expect(actor.getSnapshot().value).toEqual({ closed: 'none' });
  });
});
