import { getImageProps, type ImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

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
 */
export function StaticImage(props: Omit<ImageProps, 'loader' | 'placeholder' | 'onLoad' | 'onError'>) {
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
