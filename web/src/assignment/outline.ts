// What the engine says of an assignment file, typed (engine/core/src/assignment: `Outline`, the
// key's answers, the validation errors), and the errors put in words with their lines.
import type { ScenarioError } from '../engine/types';
import type { Reveal } from './sources';

/** A `[[vary]]` entry: the field each student gets their own value of. */
export interface Vary {
  field: string;
  uniform?: [number, number];
  integer?: [number, number];
  choice?: (number | string)[];
  decimals: number;
}

/** A question as the page shows it (`OutlinedQuestion`). */
export interface OutlineQuestion {
  id: string;
  prompt: string;
  kind: string;
  points: number;
  reveal: Reveal;
  /** The unit answers are given in. */
  unit: string;
}

/** `assignment_outline`'s JSON. */
export interface Outline {
  name: string;
  title: string;
  description: string;
  engine: string;
  hash: string;
  due: string | null;
  system: string;
  max_points: number;
  vary: Vary[];
  questions: OutlineQuestion[];
}

/** One answer of `assignment_key`'s JSON. */
export interface KeyAnswer {
  question: string;
  value: number;
  unit: string;
  points: number;
}

/** `assignment_validate`'s JSON array, a line each: where (line, column, field) and what. */
export function describeValidation(errorsJson: string, text: string): string {
  const errors = JSON.parse(errorsJson) as ScenarioError[];
  const lines = text.split('\n');
  return errors
    .map((e) => {
      const what = e.range ? `${e.message} (${e.range})` : e.expected ? `${e.message}; expected ${e.expected}` : e.message;
      const at = e.line > 0 ? `line ${e.line}, column ${e.column}${e.path ? ` (${e.path})` : ''}` : e.path || 'the file';
      const src = e.line > 0 && lines[e.line - 1] != null ? `\n    ${lines[e.line - 1].trim()}` : '';
      return `${at}: ${what}${src}`;
    })
    .join('\n');
}
