// Every element a tour step points at must be rendered by some page: each
// target is a `data-tour` value written as a literal in the app's source
// (outside the tour's own files), next to a `data-tour` attribute or a prop
// that becomes one. A renamed or removed target fails here, not in front of a
// candidate.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tours } from './tour-steps';

const sourceRoot = fileURLToPath(new URL('../..', import.meta.url));
const tourFolder = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return path === tourFolder.replace(/\/$/, '') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const pages = sourceFiles(sourceRoot).map((path) => ({ path: relative(sourceRoot, path), text: readFileSync(path, 'utf8') }));

/** The files rendering a `data-tour` attribute, and the literals each holds. */
function filesNaming(target: string) {
  return pages.filter(({ text }) => text.includes('data-tour') || /\btour[=:]/.test(text)).filter(({ text }) =>
    new RegExp(`['"\`]${target}['"\`]`).test(text),
  );
}

describe('tour targets', () => {
  const targets = [...new Set(Object.values(tours).flatMap((steps) => steps.map((step) => step.target)))].filter(
    (target): target is string => target !== null,
  );

  it('lists targets to check', () => {
    expect(targets.length).toBeGreaterThan(20);
  });

  it.each(targets)('%s is rendered by a page', (target) => {
    expect(filesNaming(target).map((file) => file.path), `no page renders data-tour="${target}"`).not.toEqual([]);
  });

  it('fails for a target no page renders', () => {
    expect(filesNaming('no-such-target')).toEqual([]);
  });
});
