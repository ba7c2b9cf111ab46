/**
 * `npm run statecharts`: the diagrams QA reviews, generated from the machines in src/machines.
 *
 * For every machine (or family of machines built by one factory, which draw the same chart) it
 * writes to docs/statecharts/:
 * - `<name>.md`: the Mermaid `stateDiagram-v2` source, its delays in seconds, events, child
 *   machines and the pages that use it;
 * - `<name>.svg`: the same chart drawn by Mermaid in Chromium (scripts/mermaid-svg.ts), so no
 *   tool is needed to look at it;
 * - `index.html`: a gallery of every chart with the facts above, and `README.md`, the list.
 *
 * Drawing rules that keep the charts readable: a transition that stays in its state (no target,
 * or back to itself) is written inside the state instead of as a loop arrow, and an event that a
 * guard turns away is written "refused"; named delays are shown in seconds.
 * tests/machines/statecharts.test.ts fails when a committed file differs from what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  StateMachine,
  createActor,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const machinesDir = path.join(root, 'src/machines');
const uiDir = path.join(root, 'src/ui');
export const chartsDir = path.join(root, 'docs/statecharts');

export interface FoundMachine {
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

/** One chart: a machine, or every machine of one factory (they draw the same chart). */
export interface Chart {
  name: string;
  machines: FoundMachine[];
  mermaid: string;
}

// ---------------------------------------------------------------------------------------------
// Machine → Mermaid

/** Mermaid ids are global, so nested states are named by their full path. */
const idOf = (node: AnyStateNode) =>
  node.path.length ? node.path.join('__').replace(/[^\w]/g, '_') : 'root';

/** Mermaid cuts labels at ':' and ';', and reads '#' as an entity. */
const safe = (text: string) => text.replace(/:/g, '﹕').replace(/;/g, ',').replace(/#/g, '№');

/** A sample of the context the machine starts with, to read delays that come from its input. */
function sampleContext(machine: AnyStateMachine): unknown {
  try {
    return createActor(machine, { input: {} }).getSnapshot().context;
  } catch {
    return undefined;
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** A named delay in seconds, when the machine itself (or its default input) says how long. */
function delayText(machine: AnyStateMachine, name: string, context: unknown): string {
  if (/^\d+$/.test(name)) return seconds(Number(name));
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  let ms: unknown = delay;
  if (typeof delay === 'function') {
    try {
      ms = delay({ context, event: { type: '' } }, undefined);
    } catch {
      ms = undefined;
    }
  }
  return typeof ms === 'number' && Number.isFinite(ms)
    ? `${seconds(ms)} (${name})`
    : `${name}, set by the page`;
}

function eventLabel(eventType: string, describeDelay: (name: string) => string): string {
  if (eventType === '') return 'always';
  const after = eventType.match(/^xstate\.after\.([^.]+)\./);
  if (after) return `after ${describeDelay(after[1]!)}`;
  const done = eventType.match(/^xstate\.done\.actor\.(.+)$/);
  if (done) return `done ${done[1]}`;
  const error = eventType.match(/^xstate\.error\.actor\.(.+)$/);
  if (error) return `error ${error[1]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard)
    return String((guard as { type: unknown }).type);
  return 'guarded';
}

/**
 * The Idempotency-Key's life (assignSubmissionKey, forgetSubmissionKey) is drawn on the diagram,
 * so a reviewer sees where a submission keeps its key and where it gets a new one.
 */
function keyActions(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? [])
    .map((action) =>
      typeof action === 'string'
        ? action
        : typeof action === 'object' && action && 'type' in action
          ? String(action.type)
          : '',
    )
    .filter((name) => name.endsWith('SubmissionKey'));
}

const actionsLabel = (names: string[]) => (names.length ? ` / ${names.join(', ')}` : '');

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** The child machines a state runs, by actor name. */
function childMachines(machine: AnyStateMachine, node: AnyStateNode): string[] {
  const actors = machine.implementations.actors as Record<string, unknown>;
  return node.invoke
    .map((invoke) => (typeof invoke.src === 'string' ? actors[invoke.src] : invoke.src))
    .filter((logic): logic is AnyStateMachine => logic instanceof StateMachine)
    .map((child) => child.id);
}

interface Drawn {
  /** Lines that draw the states (boxes, nesting, initial and final markers). */
  states: string[];
  /** Arrows between different states. */
  arrows: string[];
}

/** A transition that stays and says what is wrong: a check turned the event away. */
const refuses = (t: AnyTransitionDefinition) =>
  t.actions.some((action) =>
    /Errors$/.test(
      typeof action === 'string' ? action : ((action as { type?: string }).type ?? ''),
    ),
  );

function describeTransitions(node: AnyStateNode, describeDelay: (name: string) => string) {
  const inside: string[] = [];
  const arrows: string[] = [];
  const guarded = new Set<string>();
  for (const t of transitionsOf(node)) {
    const event = eventLabel(t.eventType, describeDelay);
    // A guard shared by several checks (submitLifecycle.ts, `checkThen`) says which one in `meta.guard`.
    const guard = (t.meta as { guard?: string } | undefined)?.guard ?? guardName(t.guard);
    const condition =
      (guard ? ` [${guard}]` : guarded.has(t.eventType) ? ' [otherwise]' : '') +
      actionsLabel(keyActions(t.actions));
    const targets = (t.target as AnyStateNode[] | undefined) ?? [];
    if (targets.length === 0)
      inside.push(`${event}${condition}, ${refuses(t) ? 'refused and stays' : 'stays'}`);
    for (const target of targets) {
      if (target === node) inside.push(`${event}${condition}, starts again`);
      else arrows.push(`${idOf(node)} --> ${idOf(target)} : ${safe(`${event}${condition}`)}`);
    }
    if (guard) guarded.add(t.eventType);
  }
  return { inside, arrows };
}

function drawNode(
  machine: AnyStateMachine,
  node: AnyStateNode,
  indent: string,
  drawn: Drawn,
  describeDelay: (name: string) => string,
): void {
  const children = Object.values(node.states) as AnyStateNode[];
  const id = idOf(node);
  const { inside, arrows } = describeTransitions(node, describeDelay);
  drawn.arrows.push(...arrows.map((arrow) => `  ${arrow}`));
  const notes = [
    ...node.invoke.map((invoke) => {
      const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
      return childMachines(machine, node).length ? `runs child machine ${src}` : `invokes ${src}`;
    }),
    ...(node.tags.length ? [`tags ${node.tags.join(', ')}`] : []),
    ...keyActions(node.entry).map((action) => `entry ${action}`),
    ...inside,
  ].map(safe);

  if (!children.length) {
    drawn.states.push(`${indent}state "${node.key}" as ${id}`);
    for (const note of notes) drawn.states.push(`${indent}${id} : ${note}`);
    return;
  }
  drawn.states.push(`${indent}state "${node.key}" as ${id} {`);
  drawRegions(machine, node, children, `${indent}  `, drawn, describeDelay);
  drawn.states.push(`${indent}}`);
  // Mermaid shows no text on a composite state, so what happens in it goes in a note beside it.
  if (notes.length)
    drawn.states.push(
      `${indent}note right of ${id}`,
      ...notes.map((note) => `${indent}  ${note}`),
      `${indent}end note`,
    );
}

function drawRegions(
  machine: AnyStateMachine,
  parent: AnyStateNode,
  children: AnyStateNode[],
  indent: string,
  drawn: Drawn,
  describeDelay: (name: string) => string,
): void {
  if (parent.type === 'parallel') {
    children.forEach((child, index) => {
      if (index > 0) drawn.states.push(`${indent}--`);
      drawNode(machine, child, indent, drawn, describeDelay);
    });
    return;
  }
  const initial = parent.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) drawn.states.push(`${indent}[*] --> ${idOf(initial)}`);
  for (const child of children) drawNode(machine, child, indent, drawn, describeDelay);
  for (const child of children)
    if (child.type === 'final') drawn.states.push(`${indent}${idOf(child)} --> [*]`);
}

export function renderMachine(machine: AnyStateMachine): string {
  const context = sampleContext(machine);
  const describeDelay = (name: string) => delayText(machine, name, context);
  const drawn: Drawn = { states: [], arrows: [] };
  const top = Object.values(machine.root.states) as AnyStateNode[];
  if (machine.root.type === 'parallel') {
    // A root-level `--` does not parse in Mermaid 11: the regions go inside one state named after the machine.
    drawn.states.push(`  state "${machine.id}" as ${machine.id.replace(/[^\w]/g, '_')}_regions {`);
    drawRegions(machine, machine.root, top, '    ', drawn, describeDelay);
    drawn.states.push('  }');
  } else {
    drawRegions(machine, machine.root, top, '  ', drawn, describeDelay);
  }
  // What the machine does in every state (events on the root, child machines it runs throughout).
  const everywhere = [
    ...childMachines(machine, machine.root).map((child) => `runs child machine ${child}`),
    ...describeTransitions(machine.root, describeDelay).inside,
    ...transitionsOf(machine.root)
      .filter((t) => (t.target as AnyStateNode[] | undefined)?.length)
      .map(
        (t) =>
          `${eventLabel(t.eventType, describeDelay)} → ${(t.target as AnyStateNode[]).map((n) => n.key).join(', ')}`,
      ),
  ].map(safe);
  if (everywhere.length) {
    drawn.states.push('  state "in every state" as everywhere');
    for (const line of everywhere) drawn.states.push(`  everywhere : ${line}`);
  }
  return ['stateDiagram-v2', ...drawn.states, ...drawn.arrows].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Facts for QA: purpose, delays, events, child machines, pages

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

/** The machine file's opening comment: what the flow is for. */
function purposeOf(file: string): string {
  const source = fs.readFileSync(path.join(machinesDir, file), 'utf8');
  const comment = source.match(/^\/\*\*([\s\S]*?)\*\//);
  if (!comment) return '';
  return comment[1]!
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s*\(docs\/[^)]*\)/g, ''); // pointers to the docs mean nothing in the gallery
}

function delaysOf(machine: AnyStateMachine): string[] {
  const context = sampleContext(machine);
  const names = new Set<string>();
  for (const node of allNodes(machine.root)) {
    for (const t of transitionsOf(node)) {
      const after = t.eventType.match(/^xstate\.after\.([^.]+)\./);
      if (after) names.add(after[1]!);
    }
  }
  return [...names].map((name) => delayText(machine, name, context));
}

function eventsOf(machine: AnyStateMachine): string[] {
  const where = new Map<string, Set<string>>();
  for (const node of allNodes(machine.root)) {
    for (const t of transitionsOf(node)) {
      if (t.eventType === '' || t.eventType.startsWith('xstate.')) continue;
      const states = where.get(t.eventType) ?? new Set<string>();
      states.add(node === machine.root ? 'every state' : node.path.join('.'));
      where.set(t.eventType, states);
    }
  }
  return [...where].map(([event, states]) => `${event} (in ${[...states].join(', ')})`);
}

function childrenOf(machine: AnyStateMachine): string[] {
  return [...new Set(allNodes(machine.root).flatMap((node) => childMachines(machine, node)))];
}

function filesIn(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesIn(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The routes whose page (or a component of that page's folder tree) names the machine. */
function pagesUsing(
  exportName: string,
  routesSource: string,
  uiFiles: { file: string; source: string }[],
): string[] {
  const users = uiFiles
    .filter(({ source }) => new RegExp(`\\b${exportName}\\b`).test(source))
    .map(({ file }) => file);
  const pages = new Set<string>();
  for (const user of users) {
    const relative = path.relative(uiDir, user).replace(/\.tsx?$/, '');
    const routes = [...routesSource.matchAll(/path: '([^']+)'[^}]*?import\('\.\/([^']+)'\)/g)]
      .filter(([, , module]) => module === relative)
      .map(([, route]) => route!);
    if (routes.length) routes.forEach((route) => pages.add(route));
    else pages.add(`src/ui/${path.relative(uiDir, user)}`);
  }
  return [...pages].sort();
}

// ---------------------------------------------------------------------------------------------
// Files

export async function loadMachines(): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  for (const file of fs
    .readdirSync(machinesDir)
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    const module = (await import(pathToFileURL(path.join(machinesDir, file)).href)) as Record<
      string,
      unknown
    >;
    for (const [exportName, value] of Object.entries(module)) {
      if (value instanceof StateMachine)
        found.push({ file, exportName, machine: value as AnyStateMachine });
    }
  }
  return found.sort((a, b) => a.machine.id.localeCompare(b.machine.id));
}

/**
 * Machines that draw the same chart come from one factory: they share one chart, named by the
 * factory's `meta.family` when it sets one, else by the first machine.
 */
export async function loadCharts(): Promise<Chart[]> {
  const byDrawing = new Map<string, FoundMachine[]>();
  for (const found of await loadMachines()) {
    const drawing = renderMachine(found.machine);
    byDrawing.set(drawing, [...(byDrawing.get(drawing) ?? []), found]);
  }
  return [...byDrawing]
    .map(([mermaid, machines]) => {
      const family = (machines[0]!.machine.root.meta as { family?: string } | undefined)?.family;
      const name =
        machines.length > 1
          ? (family ?? `${machines[0]!.machine.id}-family`)
          : machines[0]!.machine.id;
      return { name, machines, mermaid };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface ChartFacts {
  chart: Chart;
  purposes: { id: string; file: string; purpose: string }[];
  delays: string[];
  events: string[];
  children: string[];
  pages: string[];
}

function factsOf(
  chart: Chart,
  routesSource: string,
  uiFiles: { file: string; source: string }[],
): ChartFacts {
  const first = chart.machines[0]!.machine;
  return {
    chart,
    purposes: chart.machines.map(({ file, machine }) => ({
      id: machine.id,
      file,
      purpose: purposeOf(file),
    })),
    delays: delaysOf(first),
    events: eventsOf(first),
    children: childrenOf(first),
    pages: [
      ...new Set(
        chart.machines.flatMap(({ exportName }) => pagesUsing(exportName, routesSource, uiFiles)),
      ),
    ].sort(),
  };
}

function markdownOf(facts: ChartFacts): string {
  const { chart } = facts;
  const list = (title: string, items: string[]) =>
    items.length ? ['', `**${title}**`, '', ...items.map((item) => `- ${item}`)] : [];
  return [
    `# ${chart.name}`,
    '',
    `Generated by \`npm run statecharts\` from the machines below; do not edit. Picture: [${chart.name}.svg](./${chart.name}.svg).`,
    '',
    ...facts.purposes.map(
      ({ id, file, purpose }) =>
        `- **${id}** ([\`src/machines/${file}\`](../../src/machines/${file})): ${purpose}`,
    ),
    ...list('Delays', facts.delays),
    ...list('Events', facts.events),
    ...list(
      'Child machines',
      facts.children.map((child) => `[${child}](./${child}.md)`),
    ),
    ...list('Used by', facts.pages),
    '',
    '```mermaid',
    chart.mermaid,
    '```',
    '',
  ].join('\n');
}

function galleryOf(all: ChartFacts[]): string {
  const list = (title: string, items: string[]) =>
    items.length
      ? `<h3>${title}</h3><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`
      : '';
  const sections = all.map((facts) => {
    const { chart } = facts;
    return [
      `<section id="${chart.name}">`,
      `<h2>${escapeHtml(chart.name)}</h2>`,
      `<ul class="machines">${facts.purposes
        .map(
          ({ id, file, purpose }) =>
            `<li><b>${escapeHtml(id)}</b> <code>src/machines/${escapeHtml(file)}</code>: ${escapeHtml(purpose)}</li>`,
        )
        .join('')}</ul>`,
      '<div class="facts">',
      list('Delays', facts.delays.map(escapeHtml)),
      list('Events', facts.events.map(escapeHtml)),
      list(
        'Child machines',
        facts.children.map((child) => `<a href="#${child}">${escapeHtml(child)}</a>`),
      ),
      list('Used by', facts.pages.map(escapeHtml)),
      '</div>',
      `<a href="./${chart.name}.svg"><img src="./${chart.name}.svg" alt="Statechart of ${escapeHtml(chart.name)}" loading="lazy"></a>`,
      `<p><a href="./${chart.name}.md">Mermaid source</a></p>`,
      '</section>',
    ].join('\n');
  });
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Statecharts</title>',
    '<style>',
    'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1a1a1a}',
    'nav ul{columns:14rem;padding-left:1.2rem}section{border-top:2px solid #ddd;padding:1rem 0}',
    '.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:0 1.5rem}',
    'h3{font-size:1rem;margin:.5rem 0 .2rem}img{max-width:100%;height:auto;border:1px solid #eee;background:#fff}',
    'code{font-size:.9em}',
    '</style>',
    '</head>',
    '<body>',
    '<h1>Statecharts</h1>',
    '<p>Every flow of the site is a state machine in <code>src/machines</code>; these pictures are drawn from them by ' +
      '<code>npm run statecharts</code>. Arrows are transitions; text inside a state lists what happens without leaving it ' +
      '(“stays”, “refused” when a check turns the event away, “starts again”); delays are in seconds.</p>',
    `<nav><ul>${all.map(({ chart }) => `<li><a href="#${chart.name}">${escapeHtml(chart.name)}</a></li>`).join('')}</ul></nav>`,
    ...sections,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Every text file docs/statecharts should hold, by name (the SVGs are drawn from `charts`). */
export async function renderAll(): Promise<{ charts: Chart[]; files: Map<string, string> }> {
  const charts = await loadCharts();
  const routesSource = fs.readFileSync(path.join(uiDir, 'routes.tsx'), 'utf8');
  const uiFiles = filesIn(uiDir).map((file) => ({ file, source: fs.readFileSync(file, 'utf8') }));
  const all = charts.map((chart) => factsOf(chart, routesSource, uiFiles));
  const files = new Map<string, string>();
  for (const facts of all) files.set(`${facts.chart.name}.md`, markdownOf(facts));
  files.set('index.html', galleryOf(all));
  files.set(
    'README.md',
    [
      '# Statecharts',
      '',
      'One chart per machine in `src/machines` (machines built by one factory share one), generated by',
      '`npm run statecharts`. Open [index.html](./index.html) in a browser for the gallery: each chart as a',
      'picture with its purpose, delays in seconds, events, child machines and the pages that use it.',
      '',
      ...all.map(
        ({ chart }) =>
          `- [${chart.name}](./${chart.name}.md) — ${chart.machines.map(({ machine }) => machine.id).join(', ')}`,
      ),
      '',
    ].join('\n'),
  );
  return { charts, files };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { drawSvgs, sourceStamp } = await import('./mermaid-svg');
  const { charts, files } = await renderAll();
  // Mermaid's layout varies in its last digits from run to run: a picture whose source did not
  // change is kept as it is, and Chromium starts only when some picture needs drawing.
  const committedSvg = (name: string) => path.join(chartsDir, `${name}.svg`);
  const current = charts.filter(
    ({ name, mermaid }) =>
      fs.existsSync(committedSvg(name)) &&
      fs.readFileSync(committedSvg(name), 'utf8').startsWith(sourceStamp(mermaid)),
  );
  for (const { name } of current)
    files.set(`${name}.svg`, fs.readFileSync(committedSvg(name), 'utf8'));
  const svgs = await drawSvgs(charts.filter((chart) => !current.includes(chart)));
  for (const [name, svg] of svgs) files.set(`${name}.svg`, svg);
  fs.mkdirSync(chartsDir, { recursive: true });
  for (const stale of fs.readdirSync(chartsDir)) {
    if (!files.has(stale)) fs.rmSync(path.join(chartsDir, stale));
  }
  for (const [name, content] of files) fs.writeFileSync(path.join(chartsDir, name), content);
  console.log(
    `Wrote ${files.size} files to docs/statecharts/ (${charts.length} charts, ${svgs.size} drawn anew)`,
  );
}
