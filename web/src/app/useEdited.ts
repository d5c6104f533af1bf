import { useMemo } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { editedFrom, type Edited } from '../scenario/edited';

/** How the running scenario differs from the gallery scenario it was made from, if it does. */
export function useEdited(lab: LabController): Edited | null {
  const appliedText = useStore(lab.store, (s) => s.appliedText);
  const scenarioName = useStore(lab.store, (s) => s.scenarioName);
  return useMemo(() => editedFrom(appliedText, scenarioName), [appliedText, scenarioName]);
}
