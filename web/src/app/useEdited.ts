import { useMemo } from 'react';
import type { LabController } from '../state/controller';
import { useStore } from '../state/store';
import { editedFrom, originalOf, type Edited } from '../scenario/edited';
import { scenarioTexts } from '../scenario/gallery';
import { useTools } from '../engine/tools';

/** How the running scenario differs from the gallery scenario it was made from, if it does. A
 * text that is its original as written differs in nothing, without asking the engine's tools
 * (the lab opens a gallery scenario without them). */
export function useEdited(lab: LabController): Edited | null {
  const appliedText = useStore(lab.store, (s) => s.appliedText);
  const scenarioName = useStore(lab.store, (s) => s.scenarioName);
  const original = useMemo(() => (appliedText ? originalOf(appliedText, scenarioName) : null), [appliedText, scenarioName]);
  const tools = useTools(original != null && appliedText !== scenarioTexts[original]);
  return useMemo(() => (tools ? editedFrom(appliedText, scenarioName) : null), [tools, appliedText, scenarioName]);
}
