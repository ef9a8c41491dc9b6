// Every number the console shows goes through the Intl helpers of lib/numbers, so Arabic reads its own digits and German
// its own grouping: a number put straight into JSX would show Latin digits in every language. TypeScript's checker finds
// each JSX child whose type is a number, however it is spelled.
import path from 'node:path';
// TypeScript 7's native compiler builds and checks the code, and has no stable JavaScript API: this checker is
// TypeScript 5's.
import ts from 'typescript-5';
import { describe, expect, it } from 'vitest';

const consoleRoot = path.resolve(__dirname, '../..');

function rawNumbers(): { files: number; found: string[] } {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(consoleRoot, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('console/tsconfig.json did not parse');
  const sources = config.fileNames.filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'));
  const program = ts.createProgram(sources, config.options);
  const checker = program.getTypeChecker();
  // A number among other kinds (ReactNode is string | number | element ...) is a slot for anything, not a number shown.
  const isNumber = (type: ts.Type) => {
    const parts = type.isUnion() ? type.types : [type];
    return parts.some((t) => t.flags & ts.TypeFlags.NumberLike) && parts.every((t) => !(t.flags & (ts.TypeFlags.Object | ts.TypeFlags.BooleanLike)));
  };
  const found: string[] = [];
  // Asking the checker for an expression's type checks all it depends on; some kinds are known without it, and they are
  // most of the cost: a translation (`t(...)` is text; i18next's overloads are the costliest types of the console), and
  // an element or a list made by `.map(...)`, alone or as a branch of a choice (a union with an object in it, which
  // `isNumber` never counts). Expressions inside them are still visited and asked one by one.
  const unwrapped = (expression: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression) || ts.isNonNullExpression(expression)
      ? unwrapped(expression.expression)
      : expression;
  const makesObject = (expression: ts.Expression): boolean => {
    const inner = unwrapped(expression);
    if (ts.isJsxElement(inner) || ts.isJsxSelfClosingElement(inner) || ts.isJsxFragment(inner)) return true;
    return ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression) && inner.expression.name.text === 'map';
  };
  const choices = [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken];
  const knownNotNumber = (expression: ts.Expression): boolean => {
    const inner = unwrapped(expression);
    if (makesObject(inner)) return true;
    if (ts.isConditionalExpression(inner)) return makesObject(inner.whenTrue) || makesObject(inner.whenFalse);
    if (ts.isBinaryExpression(inner) && choices.includes(inner.operatorToken.kind)) return makesObject(inner.right);
    return ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === 't';
  };
  for (const source of program.getSourceFiles().filter((file) => sources.includes(file.fileName))) {
    const visit = (node: ts.Node): void => {
      const shown = ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent));
      if (shown && !knownNotNumber(node.expression!) && isNumber(checker.getTypeAtLocation(node.expression!))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path.relative(consoleRoot, source.fileName)}:${line + 1} ${node.getText()}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { files: sources.length, found };
}

// The checker reads the whole console with its libraries' types: about 10 seconds on a quiet machine, well over a
// minute on a busy one.
describe('numbers shown by the console', () => {
  it('are all written by the Intl helpers, never put raw into JSX', () => {
    const { files, found } = rawNumbers();
    expect(files).toBeGreaterThan(200);
    expect(found).toEqual([]);
  }, 300_000);
});
