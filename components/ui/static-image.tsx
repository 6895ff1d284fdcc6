import { getImageProps, type ImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

/** A 1×1 transparent GIF: what an image shown only under a media query loads where it is hidden. */
const NO_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

/**
 * An image as plain `<img>` markup from the server: the same attributes next/image writes (the
 * srcset and URLs of lib/image-loader.ts, width and height, lazy loading and async decoding), from
 * its documented `getImageProps`, without its client component. Images on server-rendered pages
 * never change after the build, and next/image would make each a client island: props in every
 * payload, hooks and a ref in hydration, its srcset computed again in the browser, and an
 * `img.decode()` call per image as it loads, a main-thread task each on a slow phone
 * (docs/performance.md, "Lighthouse"). Client components (the cart and wishlist lists) keep
 * next/image.
 *
 * `preload` marks the image likely to be the page's largest paint: it loads eagerly at high
 * priority and is announced in the head with its srcset, as next/image does.
 *
 * `media` is for an image shown only where a media query matches, and likely to be the largest
 * paint there (the home banner, hidden on phones): a `<picture>` whose source carries the srcset
 * for that query, fetched eagerly at high priority, and an `<img>` of no bytes elsewhere, so a
 * phone downloads nothing. A lazy image would wait for layout, delaying that paint.
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
