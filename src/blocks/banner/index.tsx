import type { Banner } from '../../generated/api';
import { readableTextOn } from '../../lib/contrast';
import { SmartLink } from '../../lib/SmartLink';
import type { BlockRenderProps } from '../types';
import { ContentImage } from '../../lib/ContentImage';

type BannerButton = NonNullable<Banner['buttons']>[number];

/** A button's `styling` is JSON text holding a colour; anything else is ignored. */
export function buttonColour(styling: string | null | undefined): string | undefined {
  if (!styling) return undefined;
  try {
    const parsed = JSON.parse(styling) as unknown;
    if (typeof parsed === 'string') return parsed;
    const record = parsed as { color?: unknown; backgroundColor?: unknown } | null;
    const colour = record?.color ?? record?.backgroundColor;
    return typeof colour === 'string' ? colour : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page banner: the first item of its source (lowest precedence). Its backgroundColor colours the
 * banner ('blue': the brand primary) and sets the header colour (blue: primary, else white).
 */
export default function BannerBlock({ props, items }: BlockRenderProps<'banner', Banner>) {
  const banner = items[0];
  const background = banner?.styles?.backgroundColor;
  if (!banner) return null;
  const buttons = (banner.buttons ?? []).filter((button: BannerButton) => !(props.hidePromoButtons && button.redirect === '#promo'));
  const colour = background?.trim() ?? '';
  // 'blue' is the brand's primary (and gives the primary header); any other colour the content
  // gives is the banner's own (a value the browser cannot read is simply ignored).
  const blue = colour.toLowerCase() === 'blue';
  const style = colour && !blue ? { backgroundColor: colour, color: readableTextOn(colour) } : undefined;

  return (
    // A blue banner that sets the header colour gives the primary header: a rule of site.css
    // (`:has`), so the header follows the banner without any script.
    <section
      className={`banner${blue ? ' banner--blue' : ''}`}
      style={style}
      aria-label={banner.title || undefined}
      data-sets-header={props.setHeaderColor && blue ? 'primary' : undefined}
    >
      <ContentImage
        image={banner.background_image}
        className="banner__image"
        width={1600}
        height={600}
        sizes="100vw"
        alt=""
        priority="high"
      />
      <div className="banner__content">
        {banner.title && (
          <h1 className="banner__title" style={{ color: banner.styles?.titleColor || undefined }}>
            {banner.title}
          </h1>
        )}
        {banner.caption && (
          <p className="banner__caption" style={{ color: banner.styles?.captionColor || undefined }}>
            {banner.caption}
          </p>
        )}
        {buttons.length > 0 && (
          <div className="banner__buttons">
            {buttons.map((button: BannerButton) => {
              const colour = buttonColour(button.styling);
              return (
                <SmartLink key={button.label + button.redirect} href={button.redirect} className="banner__button">
                  <span
                    style={colour ? { backgroundColor: colour, color: readableTextOn(colour) } : undefined}
                    className="banner__button-face"
                  >
                    {button.image && <img src={button.image} alt="" width={24} height={24} />}
                    {button.label}
                  </span>
                </SmartLink>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}
