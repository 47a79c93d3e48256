import { describe, it, expect } from 'vitest';
import { STORY_TEXT_FIELDS, XSLT_ONLY, looksLikeXslt, storyFormErrors, storyMappingFileError } from './stories.ts';
import type { StoryForm } from './stories.ts';

const blank: StoryForm = {
  slugline: 'FLOODS-ROME',
  crewName: '',
  usageTerms: '',
  provider: '',
  reporter: '',
  keywords: '',
  comments: '',
};

describe('story fields (spec 001 §5: max 1024, slugline required)', () => {
  it('passes a story with only a slugline', () => {
    expect(storyFormErrors(blank)).toEqual({});
  });

  it.each(['', '   '])('requires the slugline (%j)', (slugline) => {
    expect(storyFormErrors({ ...blank, slugline })).toEqual({ slugline: 'This field is required' });
  });

  it.each(STORY_TEXT_FIELDS)('allows 1024 characters in %s and refuses 1025', (field) => {
    expect(storyFormErrors({ ...blank, [field]: 'x'.repeat(1024) })).toEqual({});
    expect(storyFormErrors({ ...blank, [field]: 'x'.repeat(1025) })).toEqual({ [field]: 'Must have at most 1024 characters' });
  });
});

describe('story mapping upload (spec 001 §5: XSLT only)', () => {
  it.each([
    ['mapping.xslt', null],
    ['MAPPING.XSL', null],
    ['mapping.xml', XSLT_ONLY],
    ['mapping.xslt.txt', XSLT_ONLY],
    ['.xslt', XSLT_ONLY],
    ['mapping', XSLT_ONLY],
  ])('storyMappingFileError(%j) → %j', (name, expected) => {
    expect(storyMappingFileError(name)).toBe(expected);
  });

  it.each([
    ['<?xml version="1.0"?>\n<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"></xsl:stylesheet>', true],
    ['\uFEFF<!-- map --><xsl:transform xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="2.0"/>', true],
    ['<stylesheet xmlns="http://www.w3.org/1999/XSL/Transform" version="1.0"/>', true],
    ['<xsl:stylesheet version="1.0" xmlns:xsl="urn:other"/>', false],
    ['<story><slugline>x</slugline></story>', false],
    ['not xml at all', false],
  ])('looksLikeXslt of sample %# → %j', (text, expected) => {
    expect(looksLikeXslt(text)).toBe(expected);
  });
});
