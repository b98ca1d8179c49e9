import { describe, expect, it } from 'vitest';
import { embedSrc, resolveVideoId, videoHeight, youTubeId } from './video';

describe('videoHeight (215 xs, 480 sm, 605 otherwise)', () => {
  it('is 215 on extra-small screens (< 600 px)', () => {
    expect(videoHeight(320)).toBe(215);
    expect(videoHeight(375)).toBe(215);
    expect(videoHeight(599)).toBe(215);
  });
  it('is 480 on small screens (600 to 959 px)', () => {
    expect(videoHeight(600)).toBe(480);
    expect(videoHeight(800)).toBe(480);
    expect(videoHeight(959)).toBe(480);
  });
  it('is 605 from 960 px up', () => {
    expect(videoHeight(960)).toBe(605);
    expect(videoHeight(1280)).toBe(605);
    expect(videoHeight(2560)).toBe(605);
  });
  it('treats fractional widths by the breakpoint they fall under', () => {
    expect(videoHeight(599.5)).toBe(480);
    expect(videoHeight(959.5)).toBe(605);
  });
});

describe('YouTube addresses', () => {
  it('reads the id of watch, share, embed, shorts and live URLs', () => {
    expect(youTubeId('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10s')).toBe('aqz-KE-bpKQ');
    expect(youTubeId('https://m.youtube.com/watch?v=aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
    expect(youTubeId('https://youtu.be/aqz-KE-bpKQ?si=x')).toBe('aqz-KE-bpKQ');
    expect(youTubeId('https://www.youtube.com/embed/aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
    expect(youTubeId('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0')).toBe('aqz-KE-bpKQ');
    expect(youTubeId('https://www.youtube.com/shorts/aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
    expect(youTubeId('https://www.youtube.com/live/aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
  });
  it('refuses other hosts, other pages and malformed ids', () => {
    expect(youTubeId('https://vimeo.com/12345678')).toBeNull();
    expect(youTubeId('https://www.youtube.com/@bantaydoc-example')).toBeNull();
    expect(youTubeId('https://www.youtube.com/watch?v=bad id!')).toBeNull();
    expect(youTubeId('https://evil.example/embed/aqz-KE-bpKQ')).toBeNull();
    expect(youTubeId('javascript:alert(1)')).toBeNull();
    expect(youTubeId('not a url')).toBeNull();
  });
  it('embeds through the privacy-enhanced host', () => {
    expect(embedSrc('aqz-KE-bpKQ')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0');
  });
  it('prefers videoId over url and rejects unusable values', () => {
    expect(resolveVideoId({ videoId: 'abcdef123', url: 'https://youtu.be/aqz-KE-bpKQ' })).toBe('abcdef123');
    expect(resolveVideoId({ url: 'https://youtu.be/aqz-KE-bpKQ' })).toBe('aqz-KE-bpKQ');
    expect(resolveVideoId({ videoId: '"><script>' })).toBeNull();
    expect(resolveVideoId({})).toBeNull();
  });
});
