/**
 * Every machine that tags its states declares the tags in `setup({ types: { tags: {} as 'busy' | … } })`,
 * so TypeScript refuses a misspelt tag in a state or in a view's `hasTag(…)`. TypeScript alone cannot
 * see a machine with tags but no declaration (its tags are then any string): this suite reads the
 * machines' sources for their declarations, walks each machine's states for the tags it really
 * uses (helpers such as submitLifecycle's included), and reads the site for every `hasTag`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const machinesDir = path.resolve('src/machines');
const sources = fs
  .readdirSync(machinesDir)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => ({
    name,
    file: ts.createSourceFile(
      name,
      fs.readFileSync(path.join(machinesDir, name), 'utf8'),
      ts.ScriptTarget.ES2022,
      true,
    ),
  }));

const walk = (node: ts.Node, visit: (node: ts.Node) => void) => {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
};

const propertyOf = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.find(
    (property): property is ts.PropertyAssignment =>
      ts.isPropertyAssignment(property) && property.name.getText() === name,
  )?.initializer;

/** The string literals of a type (`'busy' | 'ready'`), or null when it is something else. */
function literalsOf(type: ts.TypeNode): string[] | null {
  const parts = ts.isUnionTypeNode(type) ? [...type.types] : [type];
  const names = parts.map((part) =>
    ts.isLiteralTypeNode(part) && ts.isStringLiteral(part.literal) ? part.literal.text : null,
  );
  return names.every((name) => name !== null) ? (names as string[]) : null;
}

/** Per file, the tags each `setup({ types: { tags } })` declares (null: a setup without them). */
const declarations = new Map(
  sources.map(({ name, file }) => {
    const found: (string[] | null)[] = [];
    walk(file, (node) => {
      if (!ts.isCallExpression(node) || node.expression.getText() !== 'setup') return;
      const [config] = node.arguments;
      const types =
        config && ts.isObjectLiteralExpression(config) ? propertyOf(config, 'types') : undefined;
      const tags =
        types && ts.isObjectLiteralExpression(types) ? propertyOf(types, 'tags') : undefined;
      found.push(tags && ts.isAsExpression(tags) ? (literalsOf(tags.type) ?? []) : null);
    });
    return [name, found];
  }),
);

/** The tags a file writes in its states (`tags: ['busy']`), wherever they are written. */
function writtenTags(file: ts.SourceFile): string[] {
  const tags: string[] = [];
  walk(file, (node) => {
    if (!ts.isPropertyAssignment(node) || node.name.getText() !== 'tags') return;
    if (!ts.isArrayLiteralExpression(node.initializer)) return;
    for (const element of node.initializer.elements) {
      const value = ts.isAsExpression(element) ? element.expression : element;
      if (ts.isStringLiteralLike(value)) tags.push(value.text);
    }
  });
  return tags;
}

function tagsOfStates(node: AnyStateNode): string[] {
  return [...node.tags, ...Object.values(node.states).flatMap(tagsOfStates)];
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value;

describe('typed tags', () => {
  it('finds the declarations it checks', () => {
    expect(declarations.get('loginMachine.ts')).toEqual([['busy']]);
    expect(declarations.get('emailVerificationMachine.ts')).toEqual([['busy', 'resending']]);
  });

  it.each(sources.map(({ name, file }) => [name, file] as const))(
    '%s declares every tag it writes in a setup of its own',
    (name, file) => {
      const written = writtenTags(file);
      const setups = declarations.get(name)!;
      // A helper without a setup (submitLifecycle) is checked through the machines that use it.
      if (!written.length || !setups.length) return;
      expect(setups, `${name}: setup({ types: { tags: {} as … } })`).not.toContain(null);
      const declared = new Set(setups.flat());
      expect(
        written.filter((tag) => !declared.has(tag)),
        `${name}: tags written but not declared`,
      ).toEqual([]);
    },
  );

  it('every exported machine declares the tags its states carry, helpers included', async () => {
    const undeclared: string[] = [];
    for (const { name } of sources) {
      const module = (await import(path.join(machinesDir, name))) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(module)) {
        if (!isMachine(value)) continue;
        const used = [...new Set(tagsOfStates(value.root))];
        if (!used.length) continue;
        const setups = declarations.get(name)!;
        // A machine made by a factory elsewhere is declared there (checked above for that file).
        if (!setups.length) continue;
        const declared = new Set(setups.flatMap((tags) => tags ?? []));
        for (const tag of used)
          if (!declared.has(tag)) undeclared.push(`${name} ${exported}: '${tag}'`);
      }
    }
    expect(undeclared).toEqual([]);
  }, 60_000);

  it('every hasTag of the site names a declared tag', () => {
    const declared = new Set(
      [...declarations.values()].flatMap((setups) => setups.flatMap((tags) => tags ?? [])),
    );
    const asked: string[] = [];
    const read = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) read(full);
        else if (/\.tsx?$/.test(entry.name))
          for (const [, tag] of fs
            .readFileSync(full, 'utf8')
            .matchAll(/hasTag\(\s*['"`]([^'"`]+)['"`]/g))
            asked.push(`${path.relative('.', full)}: '${tag}'`);
      }
    };
    read(path.resolve('src'));
    expect(asked.length).toBeGreaterThan(5);
    expect(asked.filter((entry) => !declared.has(entry.split("'")[1]!))).toEqual([]);
  });
});
