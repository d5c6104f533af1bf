// Assignments in the browser's engine (issue 26): the answer key the lab computes is byte for byte
// the one `storelab assignment key --json` prints, for the same students; so are the seed and
// the problem; errors are placed in the assignment file; and a submission the lab builds is one
// the CLI grades.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  assignment_key,
  assignment_outline,
  assignment_problem,
  assignment_seed,
  assignment_submission,
  assignment_validate,
  readAssignment,
  root,
  storelabBin,
} from './engine.mjs';

const FILE = 'assignments/mob-absorption.toml';
const text = readAssignment('mob-absorption.toml');
const STUDENTS = ['ada@example.edu', 'bob@example.edu'];

function storelab(...args) {
  assert.ok(fs.existsSync(storelabBin), `${storelabBin} is missing: cargo build --release -p storelab-cli`);
  const out = spawnSync(storelabBin, args, { cwd: root, encoding: 'utf8' });
  return out;
}

function cli(...args) {
  const out = storelab(...args);
  assert.equal(out.status, 0, out.stderr);
  return out.stdout;
}

test("the browser's answer key equals the CLI's, byte for byte", () => {
  const lines = cli('assignment', 'key', FILE, '--json', ...STUDENTS.flatMap((s) => ['--student', s])).trimEnd().split('\n');
  assert.equal(lines.length, STUDENTS.length);
  const keys = STUDENTS.map((s) => assignment_key(text, s));
  assert.deepEqual(keys, lines);
  assert.notEqual(keys[0], keys[1], 'two students, two keys');
  for (const [i, student] of STUDENTS.entries()) {
    const key = JSON.parse(keys[i]);
    assert.equal(key.student, student);
    assert.equal(assignment_seed(text, student), key.seed);
    assert.equal(assignment_problem(text, student), cli('assignment', 'problem', FILE, '--student', student));
  }
});

test('an error in the assignment, in its inline scenario too, is placed at its line and column', () => {
  assert.equal(assignment_validate(text), '[]');
  const broken = text.replace('mob_mb = 4', 'mob_mb = -4').replace('nth = 1', 'nth = 0');
  const errors = JSON.parse(assignment_validate(broken));
  const lineOf = (needle) => broken.split('\n').findIndex((l) => l.includes(needle)) + 1;
  assert.deepEqual(
    errors.map((e) => [e.path, e.line, e.column]),
    [
      ['scenario.server.mob_mb', lineOf('mob_mb = -4'), 10],
      ['question[1].nth', lineOf('nth = 0'), 7],
    ],
  );
  assert.throws(() => assignment_outline(broken), (e) => JSON.parse(e.message).length === 2);
});

test('the outline names each question with its unit, points and reveal', () => {
  const outline = JSON.parse(assignment_outline(text));
  assert.equal(outline.name, 'mob-absorption');
  assert.equal(outline.hash.length, 64);
  assert.equal(outline.max_points, 10);
  assert.deepEqual(
    outline.questions.map((q) => [q.id, q.unit, q.points, q.reveal]),
    [
      ['absorption', '', 4, 'after_due'],
      ['first_flush', 's', 2, 'after_submit'],
      ['page_writes', 'records', 2, 'after_submit'],
      ['mob_used', 'B', 2, 'always'],
    ],
  );
  assert.equal(outline.salt, undefined, 'the page gets no salt: the engine computes seeds');
});

test('a submission the browser builds is graded in full by the CLI', () => {
  const student = STUDENTS[0];
  const key = JSON.parse(assignment_key(text, student));
  const answers = Object.fromEntries(key.answers.map((a) => [a.question, a.value]));
  const submission = assignment_submission(text, student, JSON.stringify(answers));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storelab-')), 'ada.json');
  fs.writeFileSync(file, submission);
  assert.equal(cli('assignment', 'grade', FILE, file).split('\n')[1], 'ada@example.edu,10,10,4,2,2,2');
  assert.throws(() => assignment_submission(text, student, '{"nosuch": 1}'), /no question "nosuch"/);
});
