import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './read-body';

describe('how deep a request body nests', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":{"b":[1,2,{"c":3}]}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[1,2,{"c":3}]}}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[[[{{{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'a \\" [[[[[[' }), 1)).toBe(false);
  });

  it('a body 20,000 levels deep is caught before anything walks it', () => {
    const deep = `{"extra":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    expect(nestsDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
  });
});
