// The general-education codes a transfer rule states for the credit it gives (read from the rule's notes by the
// equivalency import: "gen ed S, ETHNIC"), as attributes of the receiving school: the namespace its course attributes
// and its programs' `attr:` options use. For UW-Madison that is the bare code ("S", "COM-A"), as the reference-data
// loader writes its course attributes and turns "UWM-BREADTH:S" into attr:S. The rules write some codes differently
// ("COM A" for COM-A) or run two together ("UCTA B", "P P"); a code that names none of the school's codes stands for
// itself: it is kept, and counts only where a program names exactly it (a campus whose legend Crosswalk lacks).

import type { RequirementNode } from './requirement-tree';

/** A code compared without its separators: "COM A", "COM-A" and "com-a" are one code. */
const bare = (code: string) => code.toUpperCase().replace(/[\s-]+/g, '');

/** The attribute codes a program's options name (attr:X), anywhere in its tree. */
export function attributesNamedIn(roots: readonly RequirementNode[]): Set<string> {
  const named = new Set<string>();
  const visit = (node: RequirementNode) => {
    for (const pattern of node.patterns) if (pattern.kind === 'attribute') named.add(pattern.code);
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  return named;
}

/**
 * Reads rules' codes against the codes a school uses (`schoolCodes`: on its courses and in its programs' options).
 * Returns, for a rule's codes, the school attributes they give the credit.
 */
export function ruleCodeReader(schoolCodes: Iterable<string>): (codes: readonly string[]) => Set<string> {
  const byBareCode = new Map<string, string>();
  for (const code of schoolCodes) byBareCode.set(bare(code), code.toUpperCase());
  const one = (code: string): string[] => {
    const known = byBareCode.get(bare(code));
    if (known) return [known];
    const parts = code.split(/\s+/).map((part) => byBareCode.get(bare(part)));
    if (parts.length > 1 && parts.every((part) => part !== undefined)) return parts as string[];
    return [code.toUpperCase()];
  };
  return (codes) => new Set(codes.flatMap(one));
}
