// End-to-end tests of issue 26 in Chromium: a student opens an assignment link, gets their own
// problem, sees it run, answers (an answer shown from the start is revealed, one shown after
// submitting is not until then), and downloads a submission, which the instructor's
// `storelab assignment grade` scores as expected; and lesson 00 on the disk, its live scenario
// run to the end with disk.py's table, a question graded. Screenshots go to tests/artifacts/.
// Needs the release CLI (npm test builds it first). Run: node --test tests/e2e/assignment.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as harness from './harness.mjs';
import { shot } from './harness.mjs';

const suite = harness.useLab();
const CLI = path.join(harness.root, 'engine/target/release/storelab');
const ASSIGNMENT = path.join(harness.root, 'assignments/disk-policies.toml');
const STUDENT = 'ada@example.edu';

const cli = (...args) => execFileSync(CLI, args, { cwd: harness.root, encoding: 'utf8' });

describe('an assignment, from the student’s link to the instructor’s grade (issue 26)', () => {
  it('gives the student their problem, reveals only what the file allows, and exports a submission the CLI grades', async () => {
    const key = Object.fromEntries(JSON.parse(cli('assignment', 'key', ASSIGNMENT, '--student', STUDENT, '--json')).answers.map((a) => [a.question, a.value]));
    const page = await harness.newPage(suite.browser, `${suite.base}assignment/?a=disk-policies`);
    await page.locator('[data-testid=assignment-title]').waitFor();
    assert.equal(await page.locator('[data-testid=assignment-title]').innerText(), 'How a disk serves requests');
    await page.locator('[data-testid=student-id]').fill(STUDENT);
    await page.locator('[data-testid=get-problem]').click();
    const values = page.locator('[data-testid=problem-values]');
    await values.waitFor();
    // The CLI drew requests.count = 7 and disk.scheduler = satf for this student.
    assert.match(await values.innerText(), /requests\.count = 7.*disk\.scheduler = "?satf"?/s);
    assert.match(await values.innerText(), /seed d652c417f736f928/);
    assert.match(await page.locator('[data-testid=open-in-lab]').getAttribute('href'), /^\.\.\/#s=.+&seed=\d+&t=0$/);
    // The problem runs in the embed: the disk and its requests table.
    const embed = page.frameLocator('figure.live iframe');
    await embed.locator('[data-panel=DiskPlatter]').waitFor({ timeout: 30_000 });
    await embed.locator('[data-testid=request-table]').waitFor({ timeout: 30_000 });
    assert.equal(await embed.locator('[data-testid^=request-]:not([data-testid=request-table]):not([data-testid=request-totals])').count(), 7);

    // "second_done" is shown from the start; "total" only once the submission is downloaded.
    const total = page.locator('[data-testid=aq-total]');
    const second = page.locator('[data-testid=aq-second_done]');
    assert.equal(await total.locator('[data-testid=show-answer]').count(), 0);
    assert.match(await total.innerText(), /shows once you have downloaded your submission/);
    await second.locator('[data-testid=show-answer]').click();
    await second.locator('[data-testid=revealed-value]').waitFor({ timeout: 30_000 });
    // The browser's key is the CLI's; it holds every answer, but the total's stays hidden.
    assert.equal(Number(await second.locator('[data-testid=revealed-value]').innerText()), key.second_done);
    assert.equal(await total.locator('[data-testid=revealed-value]').count(), 0);
    assert.equal(await page.locator('[data-testid=revealed]').count(), 1);
    await shot(page, 'assignment-problem');

    // Answers: total right, seek wrong, rotation left out, second_done right.
    await total.locator('[data-testid=answer]').fill(String(key.total));
    await page.locator('[data-testid=aq-seek] [data-testid=answer]').fill(String(key.seek + 40));
    await second.locator('[data-testid=answer]').fill(String(key.second_done));
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=download-submission]').click()]);
    assert.equal(download.suggestedFilename(), 'disk-policies-ada@example.edu.json');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelab-submission-'));
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    // After submitting, the total's answer is shown (the key is already computed); "never"
    // questions would still be hidden.
    await total.locator('[data-testid=revealed-value]').waitFor();
    assert.equal(Number(await total.locator('[data-testid=revealed-value]').innerText()), key.total);

    // The instructor grades the file: 4 (total) + 2 (second_done) of 10.
    const csv = cli('assignment', 'grade', ASSIGNMENT, file).trim().split('\n');
    const header = csv[0].split(',');
    const row = Object.fromEntries(csv[1].split(',').map((v, i) => [header[i], v]));
    assert.equal(row.student, STUDENT);
    assert.equal(Number(row.score), 6, csv.join('\n'));
    assert.equal(Number(row.max), 10);
    // A tampered submission is refused by name.
    const tampered = path.join(dir, 'tampered.json');
    fs.writeFileSync(tampered, fs.readFileSync(file, 'utf8').replace(/"assignment_hash": "[0-9a-f]+"/, '"assignment_hash": "' + '0'.repeat(64) + '"'));
    assert.throws(() => cli('assignment', 'grade', ASSIGNMENT, tampered), (e) => /tampered\.json/.test(String(e.stderr)));
    await shot(page, 'assignment-submitted');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it('says what is wrong with an unknown assignment, and with a damaged link', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}assignment/?a=nope`);
    await page.locator('[data-testid=assignment-source-error]').waitFor();
    assert.match(await page.locator('[data-testid=assignment-source-error]').innerText(), /No assignment is called “nope”.*disk-policies/);
    await page.goto(`${suite.base}assignment/#a=@@@`);
    await page.reload();
    await page.locator('[data-testid=assignment-source-error]').waitFor();
    assert.match(await page.locator('[data-testid=assignment-source-error]').innerText(), /damaged/);
    await page.context().close();
  });
});

describe('lesson 00: how a disk serves requests (issue 26)', () => {
  it('runs its live scenario to disk.py’s totals and grades a prediction', async () => {
    const page = await harness.newPage(suite.browser, `${suite.base}lessons/?lesson=00-how-a-disk-serves-requests`);
    await page.locator('[data-testid=lesson] h1').first().waitFor();
    assert.match(await page.locator('[data-testid=lesson] h1').first().innerText(), /How a disk serves requests/);
    const frame = page.frameLocator('figure.live iframe').first();
    await frame.locator('[data-testid=play]').waitFor({ timeout: 30_000 });
    await frame.locator('[data-panel=DiskPlatter]').waitFor({ timeout: 30_000 });
    // The embed's engine ready (its scenario loaded) before it is stepped.
    await page.waitForFunction(() => document.querySelector('figure.live iframe')?.contentWindow?.__storelab?.lab.store.get().status === 'ready', null, { timeout: 30_000 });
    await shot(page, 'lesson-disk-top');
    // Step to each request's end: disk.py -a 10,18 -c's lines.
    // The embed's state, for the message should a step not arrive.
    const embedState = () =>
      page.evaluate(() => {
        const s = document.querySelector('figure.live iframe')?.contentWindow?.__storelab?.lab.store.get();
        return JSON.stringify(s && { status: s.status, busy: s.busy, nowNs: s.nowNs, stepTarget: s.stepTarget, fatal: s.fatal });
      });
    for (let i = 0; i < 2; i++) {
      await frame.locator('[data-testid=step-target-kind]').selectOption({ label: 'next request done' });
      await frame.locator('[data-testid=step-target]').click();
      const done = frame.locator(`[data-testid=request-${i}] td:nth-child(9)`).filter({ hasText: 'done' });
      await done.waitFor({ timeout: 60_000 }).catch(async (e) => assert.fail(`request ${i} not done after a step to the next request done; the embed: ${await embedState()}; ${e.message}`));
    }
    const cells = await frame.locator('[data-testid=request-totals] td').allInnerTexts();
    assert.deepEqual(cells, ['40', '275', '60', '375', 'units']);
    await page.waitForTimeout(500);
    await shot(page, 'lesson-disk-embed', 'figure.live');
    const q = page.locator('[data-testid=question-block-10]');
    await q.scrollIntoViewIfNeeded();
    await q.locator('[data-testid=guess]').fill('105');
    await q.locator('[data-testid=run-question]').click();
    await q.locator('[data-testid=direction]').waitFor({ timeout: 30_000 });
    assert.equal(await q.locator('[data-testid=direction]').innerText(), 'too low');
    await q.locator('[data-testid=guess]').fill('135');
    await q.locator('[data-testid=run-question]').click();
    await q.locator('.verdict.ok').waitFor();
    await shot(page, 'lesson-disk-question', '[data-testid=question-block-10]');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
