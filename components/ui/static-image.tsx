import { getImageProps, type ImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

/** A 1×1 transparent GIF: what an image shown only under a media query loads where it is hidden. */
const NO_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

/**
 * An image as plain `<img>` markup with next/image's attributes (from its documented
 * `getImageProps`), without its client component: server-rendered images never change after the
 * build, and next/image would make each a client island (props in every payload, hydration work,
 * an `img.decode()` task per image on a slow phone). Client components keep next/image.
 *
 * `preload`: the likely largest paint, loaded eagerly at high priority and announced in the head.
 * `media`: an image shown only where the query matches (the home banner, hidden on phones): a
 * `<picture>` whose source carries the srcset, fetched eagerly, and an `<img>` of no bytes
 * elsewhere, so a phone downloads nothing; a lazy image would wait for layout.
 */
export function StaticImage({
  media,
  ...props
}: Omit<ImageProps, 'loader' | 'placeholder' | 'onLoad' | 'onError'> & { media?: string }) {
  if (media) {
    const { props: img } = getImageProps({ ...props, loading: 'eager', fetchPriority: 'high' });
    return (
      // `contents` and a `hidden` source: the <img> stays the one box its parent lays out, as without the <picture>.
      <picture className="contents">
        <source media={media} srcSet={img.srcSet} sizes={img.sizes} className="hidden" />
        {/* eslint-disable-next-line jsx-a11y/alt-text -- next/image's own attributes, alt included */}
        <img {...img} src={NO_IMAGE} srcSet={undefined} sizes={undefined} />
      </picture>
    );
  }
  const { props: img } = getImageProps(props);
  if (props.preload)
    preloadResource(img.src, {
      as: 'image',
      imageSrcSet: img.srcSet,
      imageSizes: img.sizes,
      fetchPriority: img.fetchPriority,
    });
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's own attributes, alt included
  return <img {...img} />;
}
