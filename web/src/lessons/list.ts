// Every lesson in lessons/*.md (README.md aside), bundled at build time, in file order: the
// lessons page, the start page and the tests read this one list.
import { parseLesson, type Lesson } from './lesson';

const sources = import.meta.glob<string>(['../../../lessons/*.md', '!../../../lessons/README.md'], { query: '?raw', import: 'default', eager: true });

export const lessons: readonly Lesson[] = Object.entries(sources)
  .map(([path, text]) => parseLesson(path.replace(/^.*\//, '').replace(/\.md$/, ''), text))
  .sort((a, b) => a.name.localeCompare(b.name));
