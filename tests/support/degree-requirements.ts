import type { DegreeRequirement } from '../../src/shared/schemas/programs';

/** A requirement of a degree progress answer by its id, at any depth of the tree. */
export function findRequirement(requirements: DegreeRequirement[], id: string): DegreeRequirement | undefined {
  for (const requirement of requirements) {
    if (requirement.id === id) return requirement;
    const inner = findRequirement(requirement.children, id);
    if (inner) return inner;
  }
  return undefined;
}
