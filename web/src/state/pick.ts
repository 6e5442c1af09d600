// The list and the map in step: which view follows a change of selection. The map reports its picks;
// a selection the map did not make (a list row's button) is brought into view on the map, with its
// targets; a selection made on the map leaves the map's view alone (the "Zoom to choice" button offers it)
// and scrolls the list's row into view.

/** What the map does when the selection becomes `selected`, the map's own last pick being `fromMap`. */
export function mapFollows(selected: string | null, fromMap: string | null, targetsInView: boolean): "none" | "zoom" {
  if (selected === null || selected === fromMap) return "none";
  return targetsInView ? "none" : "zoom";
}

/** The territories "Zoom to choice" fits: the selection and its targets (or the target chosen). */
export function choiceKeys(selected: string | null, target: string | null, targets: readonly string[]): string[] {
  if (selected === null) return [];
  if (target !== null) return [selected, target];
  return [selected, ...targets.filter((k) => k !== selected)];
}
