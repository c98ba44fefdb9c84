import Callout from '@/components/mdx/Callout.astro';
import Checklist from '@/components/mdx/Checklist.astro';
import Faq from '@/components/mdx/Faq.astro';
import FromPrice from '@/components/mdx/FromPrice.astro';
import PackageLink from '@/components/mdx/PackageLink.astro';
import PackagePrice from '@/components/mdx/PackagePrice.astro';

/** Components guide authors can use in MDX without importing them. */
export const mdxComponents = { Callout, Checklist, Faq, FromPrice, PackageLink, PackagePrice };
