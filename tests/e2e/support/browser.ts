import type { LaunchOptions } from '@playwright/test';

/** How every spec's Chromium starts; pictures are off unless a spec looks at what they do. */
export function chromiumLaunchOptions({ images }: { images: boolean }): LaunchOptions {
  return {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Decoding pictures took a sixth of every page load's CPU, and most browser checks never look
      // at them: axe reads the boxes, which width and height attributes fix. That every image is
      // served is checked over HTTP (gates.spec.ts).
      ...(images ? [] : ['--blink-settings=imagesEnabled=false']),
    ],
  };
}
