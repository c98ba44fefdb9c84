import Callout from '@/components/mdx/Callout.astro';
import Checklist from '@/components/mdx/Checklist.astro';
import Fact from '@/components/mdx/Fact.astro';
import Faq from '@/components/mdx/Faq.astro';
import FromPrice from '@/components/mdx/FromPrice.astro';
import HajjEligibility from '@/components/mdx/HajjEligibility.astro';
import NusukHajj from '@/components/mdx/NusukHajj.astro';
import PackageLink from '@/components/mdx/PackageLink.astro';
import PackagePrice from '@/components/mdx/PackagePrice.astro';
import Season from '@/components/mdx/Season.astro';

/** Components guide authors can use in MDX without importing them. */
export const mdxComponents = {
  Callout,
  Checklist,
  Fact,
  Faq,
  FromPrice,
  HajjEligibility,
  NusukHajj,
  PackageLink,
  PackagePrice,
  Season,
};
