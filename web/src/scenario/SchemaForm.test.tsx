// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineForTests } from '../engine/testing';
import SchemaForm, { givenInstead, type Refused } from './SchemaForm';
import type { PropSchema } from './fields';
import { problemsOf } from './fields';

beforeAll(async () => {
  await loadEngineForTests();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

/** Types `value` into the input as a person would: React sees an input event. */
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

// The engine's server section, cut down: cache_mb and memory_mb exclude each other.
const server: PropSchema = {
  type: 'object',
  not: { anyOf: [{ required: ['cache_mb', 'memory_mb'] }] },
  properties: {
    cache_mb: { type: 'number', 'x-unit': 'MB', default: 12 },
    mob_mb: { type: 'number', 'x-unit': 'MB', default: 12 },
    memory_mb: { type: 'number', 'x-unit': 'MB' },
  },
};

describe('givenInstead', () => {
  it('names the written field of an exclusive pair in place of the other', () => {
    const text = '[server]\nmemory_mb = 24\n';
    expect(givenInstead(server, text, 'server', 'cache_mb')).toBe('memory_mb');
    expect(givenInstead(server, text, 'server', 'memory_mb')).toBeNull();
    expect(givenInstead(server, text, 'server', 'mob_mb')).toBeNull();
  });

  it('leaves both open when neither or both are written', () => {
    expect(givenInstead(server, '[server]\nmob_mb = 4\n', 'server', 'cache_mb')).toBeNull();
    const both = '[server]\ncache_mb = 5\nmemory_mb = 24\n';
    expect(givenInstead(server, both, 'server', 'cache_mb')).toBeNull();
    expect(givenInstead(server, both, 'server', 'memory_mb')).toBeNull();
  });
});

describe('SchemaForm', () => {
  it('turns off a field that another written field derives', () => {
    const schema: PropSchema = { properties: { server } };
    const render = (text: string) => renderToString(createElement(SchemaForm, { schema, text, onChange: () => {} }));
    const derived = render('[server]\nmemory_mb = 24\n');
    expect(derived).toMatch(/id="f-server-cache_mb"[^>]*placeholder="from memory_mb"[^>]*disabled/);
    expect(derived).not.toMatch(/id="f-server-mob_mb"[^>]*disabled/);
    expect(render('[server]\n')).not.toContain('disabled');
  });

  it('marks a value the engine accepts as TOML but the scenario checks refuse, with their message (issue 13, item 7)', () => {
    const schema: PropSchema = { properties: { server } };
    const text = '[server]\nmob_mb = -3\n';
    const html = renderToString(createElement(SchemaForm, { schema, text, onChange: () => {}, problems: problemsOf(text) }));
    expect(html).toMatch(/id="f-server-mob_mb"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/role="alert">-3 MB is out of range \(allowed: 0 &lt; value ≤ 65536\)/);
    expect(html).not.toMatch(/id="f-server-cache_mb"[^>]*aria-invalid/);
  });

  it('opens on the main knobs, each shown once', () => {
    const schema: PropSchema = { properties: { server } };
    const html = renderToString(createElement(SchemaForm, { schema, text: '', onChange: () => {}, knobs: ['server.mob_mb'] }));
    expect(html.indexOf('Main knobs')).toBeLessThan(html.indexOf('id="f-server-mob_mb"'));
    expect(html.indexOf('id="f-server-mob_mb"')).toBeLessThan(html.indexOf('[<!-- -->server<!-- -->]'));
    expect(html.split('id="f-server-mob_mb"')).toHaveLength(2);
  });

  it('edits the text through the engine, keeping a refused value in its input with the engine message', () => {
    const schema: PropSchema = { properties: { server } };
    let text = '[server]\n# the MOB\nmob_mb = 12 # Table 4.7\n';
    const host = document.createElement('div');
    const root = createRoot(host);
    // The panel keeps what the engine refused (issue 24, item 10); here, this test does.
    let refused: Refused = {};
    const onRefused = (path: string, r: Refused[string] | null) => {
      const { [path]: _, ...rest } = refused;
      refused = r ? { ...rest, [path]: r } : rest;
      render();
    };
    const render = () => act(() => root.render(createElement(SchemaForm, { schema, text, onChange: (t: string) => ((text = t), render()), refused, onRefused })));
    render();
    const input = host.querySelector<HTMLInputElement>('#f-server-mob_mb')!;
    expect(input.value).toBe('12');
    type(input, '4');
    expect(text).toBe('[server]\n# the MOB\nmob_mb = 4 # Table 4.7\n');
    // Half-typed: the engine refuses "4." as a TOML number; the input keeps it, the text keeps 4.
    type(input, '4.');
    expect(input.value).toBe('4.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(host.querySelector('[role="alert"]')!.textContent).toMatch(/mob_mb|number/);
    expect(text).toContain('mob_mb = 4 #');
    expect(Object.keys(refused)).toEqual(['server.mob_mb']);
    type(input, '4.5');
    expect(text).toContain('mob_mb = 4.5 # Table 4.7');
    expect(host.querySelector('[role="alert"]')).toBeNull();
    expect(refused).toEqual({});
    // Emptied: back to the default, the comment above stays.
    type(input, '');
    expect(text).toBe('[server]\n# the MOB\n');
    act(() => root.unmount());
  });
});

describe("the paper's numbers in the form", () => {
  it('are edited as TOML tables, not typed into a one-line input', () => {
    const meta: PropSchema = { type: 'object', properties: { title: { type: 'string' }, paper_numbers: { type: 'array', 'x-kind': 'paper-numbers' } } };
    const text = '[meta]\ntitle = "t"\n\n[[meta.paper_numbers]]\nfigure = "throughput_tps"\nvalues = [1]\nsource = "x"\n';
    const html = renderToString(createElement(SchemaForm, { schema: { properties: { meta } }, text, onChange: () => {} }));
    expect(html).not.toContain('id="f-meta-paper_numbers"');
    expect(html).toContain('edit in the TOML tab, as [[meta.paper_numbers]] tables');
  });
});
