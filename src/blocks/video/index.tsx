import { useEffect, useId } from 'react';
import { logWarning } from '../../lib/log';
import type { BlockRenderProps } from '../types';
import { embedSrc, resolveVideoId, videoHeight } from './video';
import './styles.css';

/**
 * The viewport width for the player's initial height attribute; CSS keeps it right on resize. Its width
 * is the stylesheet's alone (100%): a width attribute takes pixels only.
 */
function viewportWidth(): number {
  return typeof window === 'undefined' ? 1280 : window.innerWidth;
}

/**
 * An embedded YouTube video (youtube-nocookie.com), full width, with an optional heading and caption.
 * Its height follows the breakpoints: 215 px on xs, 480 on sm, 605 otherwise (video.css, videoHeight()).
 */
export default function VideoBlock({ props }: BlockRenderProps<'video'>) {
  const headingId = useId();
  const videoId = resolveVideoId(props);
  useEffect(() => {
    if (!videoId) logWarning('video', `no usable YouTube video in section '${props.title}'`);
  }, [videoId, props.title]);
  if (!videoId) return null;

  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="content-section video-block" aria-labelledby={props.heading ? headingId : undefined}>
      {props.heading && (
        <Heading id={headingId} className="section-title video-block__heading">
          {props.heading}
        </Heading>
      )}
      <div className="video-block__frame">
        <iframe
          className="video-block__player"
          src={embedSrc(videoId)}
          title={props.title}
          height={videoHeight(viewportWidth())}
          loading="lazy"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
      {props.caption && <p className="video-block__caption">{props.caption}</p>}
    </section>
  );
}
