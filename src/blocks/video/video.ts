/** Breakpoints of the site (site.css): xs < 600 px, sm < 960 px. */
const XS_MAX = 599;
const SM_MAX = 959;

/** Player heights: 215 px on xs, 480 on sm, 605 otherwise (video.css says the same). */
const VIDEO_HEIGHTS = { xs: 215, sm: 480, md: 605 } as const;

/** The player height for a viewport `width` in CSS px. */
export function videoHeight(width: number): number {
  if (width <= XS_MAX) return VIDEO_HEIGHTS.xs;
  if (width <= SM_MAX) return VIDEO_HEIGHTS.sm;
  return VIDEO_HEIGHTS.md;
}

const ID = /^[A-Za-z0-9_-]{6,20}$/;
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/**
 * The video id of a YouTube URL (watch?v=, youtu.be/, /embed/, /shorts/, /live/), or null when the
 * text is not a YouTube video address.
 */
export function youTubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase();
  let candidate: string | null | undefined;
  if (host === 'youtu.be') {
    candidate = parsed.pathname.split('/')[1];
  } else if (HOSTS.has(host)) {
    const [first, second] = parsed.pathname.split('/').filter(Boolean);
    if (first === 'watch') candidate = parsed.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') candidate = second;
  }
  return candidate && ID.test(candidate) ? candidate : null;
}

/** The privacy-enhanced player address of a video (the site's CSP allows youtube-nocookie.com frames). */
export function embedSrc(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0`;
}

/** The video id a section names: its videoId, else the id in its url; null when neither is usable. */
export function resolveVideoId(props: { videoId?: string; url?: string }): string | null {
  if (props.videoId !== undefined) return ID.test(props.videoId) ? props.videoId : null;
  return props.url ? youTubeId(props.url) : null;
}
