/**
 * `npm run statecharts`: one Mermaid `stateDiagram-v2` per machine exported from src/machines,
 * written to docs/statecharts/<id>.md with an index. tests/machines/statecharts.test.ts fails
 * when a committed diagram differs from what the machines generate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const machinesDir = path.join(root, 'src/machines');
export const chartsDir = path.join(root, 'docs/statecharts');

/** Mermaid ids are global, so nested states are named by their full path. */
const idOf = (node: AnyStateNode) => (node.path.length ? node.path.join('__').replace(/[^\w]/g, '_') : 'root');

function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const after = eventType.match(/^xstate\.after\.([^.]+)\./);
  if (after) return `after ${after[1]}`;
  const done = eventType.match(/^xstate\.done\.actor\.(.+)$/);
  if (done) return `done ${done[1]}`;
  const error = eventType.match(/^xstate\.error\.actor\.(.+)$/);
  if (error) return `error ${error[1]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard && 'type' in guard) return ` [${String((guard as { type: unknown }).type)}]`;
  return ' [guarded]';
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function renderNode(node: AnyStateNode, indent: string, lines: string[]): void {
  const children = Object.values(node.states) as AnyStateNode[];
  const id = idOf(node);
  const notes: string[] = [];
  if (node.invoke.length) notes.push(`invokes ${node.invoke.map((i) => (typeof i.src === 'string' ? i.src : i.id)).join(', ')}`);
  if (node.tags.length) notes.push(`tags ${node.tags.join(', ')}`);

  if (!children.length) {
    lines.push(`${indent}state "${node.key}" as ${id}`);
    for (const note of notes) lines.push(`${indent}${id} : ${note}`);
    return;
  }
  lines.push(`${indent}state "${node.key}" as ${id} {`);
  if (node.type === 'parallel') {
    children.forEach((child, index) => {
      if (index > 0) lines.push(`${indent}  --`);
      renderNode(child, `${indent}  `, lines);
    });
  } else {
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}  [*] --> ${idOf(initial)}`);
    for (const child of children) renderNode(child, `${indent}  `, lines);
    for (const child of children) if (child.type === 'final') lines.push(`${indent}  ${idOf(child)} --> [*]`);
  }
  lines.push(`${indent}}`);
  for (const note of notes) lines.push(`${indent}${id} : ${note}`);
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

export function renderMachine(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const top = Object.values(machine.root.states) as AnyStateNode[];
  const initial = machine.root.initial?.target?.[0] as AnyStateNode | undefined;
  if (machine.root.type === 'parallel') {
    top.forEach((child, index) => {
      if (index > 0) lines.push('  --');
      renderNode(child, '  ', lines);
    });
  } else {
    if (initial) lines.push(`  [*] --> ${idOf(initial)}`);
    for (const child of top) renderNode(child, '  ', lines);
    for (const child of top) if (child.type === 'final') lines.push(`  ${idOf(child)} --> [*]`);
  }
  for (const node of allNodes(machine.root)) {
    for (const t of transitionsOf(node)) {
      const label = `${eventLabel(t.eventType)}${guardLabel(t.guard)}`.replace(/:/g, '﹕');
      const targets = (t.target as AnyStateNode[] | undefined) ?? [node];
      for (const target of targets) {
        const source = node === machine.root ? 'root' : idOf(node);
        if (source === 'root') continue; // root-level events apply everywhere; listed under "Events anywhere"
        lines.push(`  ${source} --> ${idOf(target)} : ${label}`);
      }
    }
  }
  return lines.join('\n');
}

function rootEvents(machine: AnyStateMachine): string[] {
  return transitionsOf(machine.root).map((t) => {
    const target = (t.target as AnyStateNode[] | undefined)?.map((node) => node.key).join(', ') ?? 'stays';
    return `- \`${eventLabel(t.eventType)}\`${guardLabel(t.guard)} → ${target}`;
  });
}

export async function loadMachines(): Promise<{ file: string; machine: AnyStateMachine }[]> {
  const found: { file: string; machine: AnyStateMachine }[] = [];
  for (const file of fs.readdirSync(machinesDir).filter((name) => name.endsWith('.ts')).sort()) {
    const module = (await import(pathToFileURL(path.join(machinesDir, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (value instanceof StateMachine) found.push({ file, machine: value as AnyStateMachine });
    }
  }
  return found.sort((a, b) => a.machine.id.localeCompare(b.machine.id));
}

/** Every file docs/statecharts should hold, by name. */
export async function renderAll(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const machines = await loadMachines();
  for (const { file, machine } of machines) {
    const anywhere = rootEvents(machine);
    files.set(
      `${machine.id}.md`,
      [
        `# ${machine.id}`,
        '',
        `Generated from [\`src/machines/${file}\`](../../src/machines/${file}) by \`npm run statecharts\`; do not edit.`,
        '',
        '```mermaid',
        renderMachine(machine),
        '```',
        ...(anywhere.length ? ['', 'Events handled in every state:', '', ...anywhere] : []),
        '',
      ].join('\n'),
    );
  }
  files.set(
    'README.md',
    [
      '# Statecharts',
      '',
      'One diagram per machine in `src/machines`, generated by `npm run statecharts`.',
      '',
      ...machines.map(({ file, machine }) => `- [${machine.id}](./${machine.id}.md) — \`src/machines/${file}\``),
      '',
    ].join('\n'),
  );
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await renderAll();
  fs.mkdirSync(chartsDir, { recursive: true });
  for (const stale of fs.readdirSync(chartsDir)) {
    if (!files.has(stale)) fs.rmSync(path.join(chartsDir, stale));
  }
  for (const [name, content] of files) fs.writeFileSync(path.join(chartsDir, name), content);
  console.log(`Wrote ${files.size} files to docs/statecharts/`);
}
