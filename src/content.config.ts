import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Search-result text every page carries. */
const seoFields = {
  title: z.string().min(3).max(70),
  description: z.string().min(50).max(170),
  keywords: z.array(z.string().min(2)).default([]),
};

/** Company and policy pages written in MDX; the file name is the URL segment. */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/pages' }),
  schema: z.strictObject({
    ...seoFields,
    /** The document's real revision date, shown as "Last updated". */
    updated: z.coerce.date(),
  }),
});

/** Question-and-answer lists, one YAML file per page that shows them. */
const faqs = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/faqs' }),
  schema: z.strictObject({
    items: z.array(z.strictObject({ question: z.string().min(10), answer: z.string().min(20) })).min(1),
  }),
});

export const collections = { pages, faqs };
