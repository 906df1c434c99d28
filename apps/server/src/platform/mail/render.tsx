import type { ReactElement } from 'react';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One source, two bodies: the template's HTML and the plain text made from the same element. */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  // Loaded on the first mail rather than at start: the renderer and react-dom's server build weigh ~18 MB.
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
