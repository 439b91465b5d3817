// Guards the shape of the code base: imports flow from shared code to features
// to the app, never between features, and every module opens with a comment
// saying why it exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const modules = sourceFiles(sourceRoot).map((path) => ({
  path: relative(sourceRoot, path).split(sep).join('/'),
  text: readFileSync(path, 'utf8'),
}));

/** The `@/...` imports of a module, as paths under src/. */
function aliasImports(text: string): string[] {
  return [...text.matchAll(/from\s+'@\/([^']+)'|import\(\s*'@\/([^']+)'\s*\)/g)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
}

const layer = (path: string) => path.split('/')[0] ?? '';
const sharedLayers = new Set(['api', 'components', 'config', 'hooks', 'lib', 'locales', 'styles']);

describe('architecture', () => {
  it('finds the source files', () => {
    expect(modules.length).toBeGreaterThan(30);
    expect(modules.flatMap((module) => aliasImports(module.text)).length).toBeGreaterThan(30);
  });

  it('keeps shared code free of features and of the app', () => {
    for (const module of modules.filter((candidate) => sharedLayers.has(layer(candidate.path)))) {
      for (const target of aliasImports(module.text)) {
        expect(['features', 'app'], `${module.path} imports @/${target}`).not.toContain(layer(target));
      }
    }
  });

  it('never imports one feature from another, nor the app from a feature', () => {
    for (const module of modules.filter((candidate) => layer(candidate.path) === 'features')) {
      const ownFeature = module.path.split('/')[1];
      for (const target of aliasImports(module.text)) {
        expect(layer(target), `${module.path} imports @/${target}`).not.toBe('app');
        if (layer(target) === 'features') {
          expect(target.split('/')[1], `${module.path} imports @/${target}`).toBe(ownFeature);
        }
      }
    }
  });

  it('uses kebab-case file names', () => {
    for (const module of modules) {
      const name = module.path.split('/').pop() ?? '';
      expect(name, module.path).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z]+)*$/);
    }
  });

  it('opens every module with a comment', () => {
    for (const module of modules) {
      const firstCode = module.text.replace(/^\/\/ @vitest-environment \w+\n/, '').trimStart();
      expect(firstCode.startsWith('//') || firstCode.startsWith('/*'), module.path).toBe(true);
    }
  });
});
