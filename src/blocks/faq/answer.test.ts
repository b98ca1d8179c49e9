import { describe, expect, it } from 'vitest';
import { looksLikeHtml } from './answer';

describe('FAQ answers: plain text or markup', () => {
  it('treats plain sentences as text, whatever their punctuation', () => {
    expect(looksLikeHtml('Yes. Call 911 or go to the nearest hospital.')).toBe(false);
    expect(looksLikeHtml('Prices < 1,000 pesos & more > less')).toBe(false);
    expect(looksLikeHtml('')).toBe(false);
    expect(looksLikeHtml(undefined)).toBe(false);
  });
  it('sends tags, comments and character references to the sanitiser', () => {
    expect(looksLikeHtml('<p>Yes.</p>')).toBe(true);
    expect(looksLikeHtml('Call <strong>now</strong>')).toBe(true);
    expect(looksLikeHtml('Line<br/>break')).toBe(true);
    expect(looksLikeHtml('<!-- note -->Text')).toBe(true);
    expect(looksLikeHtml('Terms &amp; conditions')).toBe(true);
    expect(looksLikeHtml('It&#39;s free')).toBe(true);
    expect(looksLikeHtml('<img src=x onerror=alert(1)>')).toBe(true);
  });
});
