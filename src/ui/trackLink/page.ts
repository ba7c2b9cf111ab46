/**
 * The private tracking page `/t/<token>` (docs/using-the-site.md), without React
 * (docs/decisions/018-light-tracking-link-page.md): runs trackLinkMachine, and optOutMachine once
 * the order shows, and draws each of their snapshots into `main` with ./view.ts. The calls are the
 * contract's (src/api/trackLinks.ts). A state reached by a person's action (Try again, Stop
 * texts…) takes the focus where the view marks it, so a keyboard or screen reader follows.
 */
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { trackLinksApi } from '../../api/trackLinks';
import { company } from '../../content/company';
import { optOutMachine } from '../../machines/optOutMachine';
import { trackLinkMachine } from '../../machines/trackLinkMachine';
import { h } from './dom';
import { failedView, headingOf, loadingView, optOutView, shownView, unknownView } from './view';

/** The token of a `/t/<token>` address; empty when the address has none. */
export function tokenOf(pathname: string): string {
  const token = pathname.split('/')[2] ?? '';
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

function show(
  container: HTMLElement,
  nodes: (Node | string | null | false | undefined)[],
  focus: boolean,
) {
  container.replaceChildren(...nodes.filter((node): node is Node | string => Boolean(node)));
  if (focus) container.querySelector<HTMLElement>('[data-focus]')?.focus();
}

/** Starts the page in `main` for `token`; returns the page's actor (tests read it). */
export function startTrackLinkPage(main: HTMLElement, token: string, api = trackLinksApi) {
  const page = createActor(
    trackLinkMachine.provide({
      actors: {
        loadTrackLink: fromPromise(
          async ({ input, signal }) => (await api.trackLink(undefined, { id: input, signal })).data,
        ),
      },
    }),
    { input: { token } },
  );
  let acted = false;
  const retry = () => {
    acted = true;
    page.send({ type: 'retry' });
  };

  let drawn: SnapshotFrom<typeof trackLinkMachine>['value'] | null = null;
  page.subscribe((snapshot) => {
    if (snapshot.value === drawn) return;
    drawn = snapshot.value;
    document.title = `${headingOf(snapshot.context.view)} | ${company.name}`;
    if (snapshot.matches('loading')) return show(main, loadingView(), acted);
    if (snapshot.matches('failed'))
      return show(main, failedView(snapshot.context.messages, retry), acted);
    if (snapshot.matches('unknown')) {
      document.title = `Link not found | ${company.name}`;
      return show(main, unknownView(), acted);
    }
    const view = snapshot.context.view!;
    const texts = h('section', { class: 'tl-part tl-texts', 'aria-labelledby': 'texts-heading' });
    show(main, shownView(view, texts), acted);
    startOptOut(texts, token, view.phone_masked, view.opted_out, api);
  });
  page.start();
  return page;
}

function startOptOut(
  section: HTMLElement,
  token: string,
  phone: string,
  optedOut: boolean,
  api: typeof trackLinksApi,
) {
  const flow = createActor(
    optOutMachine.provide({
      actors: { optOut: fromPromise(({ input }) => api.trackLinkOptOut(undefined, { id: input })) },
    }),
    { input: { token, optedOut } },
  );
  const act = {
    ask: () => flow.send({ type: 'optOut.ask' }),
    confirm: () => flow.send({ type: 'optOut.confirm' }),
    cancel: () => flow.send({ type: 'optOut.cancel' }),
  };
  let drawn: string | null = null;
  flow.subscribe((snapshot) => {
    const state = snapshot.value as string;
    if (state === drawn) return;
    // The first drawing comes with the page; later ones follow a press, and take the focus.
    const pressed = drawn !== null;
    drawn = state;
    show(
      section,
      [
        h('h2', { id: 'texts-heading' }, 'Texts about this order'),
        ...optOutView(state, phone, snapshot.context.messages, act),
      ],
      pressed,
    );
  });
  flow.start();
}
