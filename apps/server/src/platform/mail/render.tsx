import type { ReactElement } from 'react';
import { render } from '@react-email/render';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One source, two bodies: the template's HTML and the plain text made from the same element. */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
