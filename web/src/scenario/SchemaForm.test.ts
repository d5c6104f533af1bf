import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SchemaForm, { givenInstead, type PropSchema } from './SchemaForm';

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
});
