import { describe, expect, it } from 'vitest';
import { type Link, linkChangeProblems, linkProblems } from './link.rules';

const a = { type: 'annotation' as const };
const i = { type: 'inspection' as const };
const keys = (problems: { index: number; messageKey: string }[]) => problems.map((p) => `${p.index}:${p.messageKey}`);

describe(linkProblems.name, () => {
  it('accepts annotation then inspection, and longer pipelines that keep the order', () => {
    expect(linkProblems([a, i])).toEqual([]);
    expect(linkProblems([a, i, i, a, i])).toEqual([]);
  });
  it('refuses a first link that is an inspection ("First segment cannot be quality inspection")', () => {
    expect(keys(linkProblems([i, a, i]))).toEqual(['0:links.first_is_inspection']);
  });
  it('wants every annotation followed by an inspection, and an inspection last', () => {
    expect(keys(linkProblems([a, a, i]))).toEqual(['0:links.annotation_not_followed_by_inspection']);
    expect(keys(linkProblems([a, i, a]))).toEqual(['2:links.last_not_inspection']);
    expect(keys(linkProblems([a]))).toEqual(['0:links.last_not_inspection']);
    expect(keys(linkProblems([]))).toEqual(['0:links.empty']);
  });
});

describe(linkChangeProblems.name, () => {
  const before: Link[] = [
    { id: 'l1', type: 'annotation', tasks: 3 },
    { id: 'l2', type: 'inspection', tasks: 0 },
  ];
  it('lets links change freely while none has tasks', () => {
    const idle = before.map((l) => ({ ...l, tasks: 0 }));
    expect(linkChangeProblems(idle, [{ id: 'l1', type: 'annotation' }, { id: 'new', type: 'inspection' }])).toEqual([]);
  });
  it('refuses removing or adding a link once a link has tasks', () => {
    expect(keys(linkChangeProblems(before, [{ id: 'l2', type: 'inspection' }]))).toEqual(['0:links.removed_with_tasks']);
    expect(keys(linkChangeProblems(before, [...before, { id: 'l3', type: 'inspection' }]))).toEqual(['2:links.added_with_tasks']);
    expect(linkChangeProblems(before, before)).toEqual([]);
  });
});
