// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import * as chunk from '../../generated/block-chunks/video';
import { blockProps } from '../../engine/registry';
import VideoBlock from '.';

afterEach(cleanup);

describe('video block', () => {
  it('embeds a YouTube URL through youtube-nocookie.com, lazily, with its title and heading', () => {
    render(
      <VideoBlock
        props={blockProps<'video'>(chunk, {
          title: 'Introduction to {product}',
          url: 'https://youtu.be/aqz-KE-bpKQ',
          heading: 'See how it works',
          caption: 'Two minutes.',
        })}
        items={[]}
        params={{}}
      />,
    );
    const frame = screen.getByTitle('Introduction to Bantay Doc') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0');
    expect(frame.getAttribute('loading')).toBe('lazy');
    // Its width is the stylesheet's 100%: a width attribute takes pixels only.
    expect(frame.hasAttribute('width')).toBe(false);
    // jsdom's window is 1024 px wide: the 605 px step.
    expect(frame.getAttribute('height')).toBe('605');
    expect(screen.getByRole('region', { name: 'See how it works' })).toBeTruthy();
    expect(screen.getByText('Two minutes.')).toBeTruthy();
  });
  it('renders nothing (and warns) when the section names no usable video', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(
      <VideoBlock props={blockProps<'video'>(chunk, { title: 'Broken', url: 'https://vimeo.com/1234567' })} items={[]} params={{}} />,
    );
    expect(container.innerHTML).toBe('');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
