import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { publishedPosts } from '@/lib/content';
import { postUrl } from '@/lib/posts';
import { site } from '@/lib/site';

/** Every published guide, newest first. */
export const GET: APIRoute = async () => {
  const posts = await publishedPosts();
  return rss({
    title: `${site.name} guides`,
    description: 'Guides for American Muslims planning Umrah and Hajj.',
    site: site.url,
    // Item links must be the canonical URLs, which never end in a slash.
    trailingSlash: false,
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.description,
      link: postUrl(post.id),
      pubDate: post.data.published,
      categories: [post.data.category],
    })),
    // The feed names its own address (RSS Advisory Board's best practice; feed validators ask for it).
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>en-us</language><atom:link href="${new URL('/rss.xml', site.url).href}" rel="self" type="application/rss+xml"/>`,
  });
};
