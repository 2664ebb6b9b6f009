import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * components/ stays small enough to read: no file over MAX_LINES lines, and no function or hook
 * that takes more than MAX_INPUTS inputs (the fields of a destructured options object count one
 * each: an options bag of ten setters is ten inputs). React components are exempt: their props
 * are the view's inputs, named at every use.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const COMPONENTS = join(ROOT, 'components');
const MAX_LINES = 250;
const MAX_INPUTS = 4;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const isSource = (path: string) => /\.(ts|tsx)$/.test(path) && !/\.test\.tsx?$/.test(path);

/**
 * A React component: a function named in PascalCase in a .tsx file (a declaration or a named
 * function expression, as inside `memo`), or assigned to such a name.
 */
function nameOf(node: ts.SignatureDeclaration): string | undefined {
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) return node.name?.getText();
  // `memo(function PinToolbar(…) {…})`: named where it is written.
  if (ts.isFunctionExpression(node) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return undefined;
}

function inputsOf(node: ts.SignatureDeclaration): number {
  return node.parameters.reduce(
    (sum, parameter) =>
      sum + (ts.isObjectBindingPattern(parameter.name) ? parameter.name.elements.length : 1),
    0,
  );
}

/** Every function in the file with more than MAX_INPUTS inputs, as "name (n inputs) at line". */
function overlongSignatures(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const name = nameOf(node) ?? '(anonymous)';
      const component = path.endsWith('.tsx') && /^[A-Z]/.test(name);
      const inputs = inputsOf(node);
      if (!component && inputs > MAX_INPUTS) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${relative(ROOT, path)}:${line} ${name} (${inputs} inputs)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('components/ stays small enough to read', () => {
  const files = filesUnder(COMPONENTS);

  it(`no file is longer than ${MAX_LINES} lines`, () => {
    const long = files
      .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${relative(ROOT, path)} (${lines} lines)`);
    expect(long).toEqual([]);
  });

  it(`no function or hook takes more than ${MAX_INPUTS} inputs`, () => {
    expect(files.filter(isSource).flatMap(overlongSignatures)).toEqual([]);
  });
});
