import type { ReactElement } from 'react';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * One source, two bodies: the template's HTML, and the plain text made from that same HTML. (The renderer's own
 * plain-text option renders the element a second time before converting it: over half of a mail's rendering.)
 */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  // Loaded on the first mail rather than at start: the renderer and react-dom's server build weigh ~18 MB.
  const { render, toPlainText } = await import('@react-email/render');
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}
