import type { ReactNode } from 'react';

/** Who sends the mail: from settings (COMPANY_NAME, COMPANY_ADDRESS, PUBLIC_URL). */
export interface Brand {
  name: string;
  address: string | null;
  publicUrl: string;
}

export const BRAND_COLOR = '#4338ca';
const font = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The portal's e-mail frame: logo line, the message, and the legal footer every mail carries. */
export function MailLayout({ brand, preview, children }: { brand: Brand; preview: string; children: ReactNode }) {
  const year = new Date().getUTCFullYear();
  return (
    <html lang="en">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{brand.name}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f1f5f9', fontFamily: font, color: '#0f172a' }}>
        {/* The preview line mail apps show under the subject; hidden in the message itself. */}
        <div data-skip-in-text="true" style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>
          {preview}
        </div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: '#f1f5f9' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 560 }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: '0 4px 16px', fontSize: 18, fontWeight: 800, color: BRAND_COLOR }}>{brand.name}</td>
                    </tr>
                    <tr>
                      <td style={{ backgroundColor: '#ffffff', borderRadius: 12, padding: 28, fontSize: 16, lineHeight: '24px' }}>
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '16px 4px', fontSize: 12, lineHeight: '18px', color: '#475569' }}>
                        <p style={{ margin: '0 0 6px' }}>
                          {`© ${year} ${brand.name}. All rights reserved.${brand.address ? ` ${brand.address}.` : ''}`}
                        </p>
                        <p style={{ margin: 0 }}>
                          <a href={`${brand.publicUrl}/terms`} style={{ color: '#475569' }}>
                            Terms of Service
                          </a>
                          {' · '}
                          <a href={`${brand.publicUrl}/privacy`} style={{ color: '#475569' }}>
                            Privacy Policy
                          </a>
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: '0 0 16px', fontSize: 22, lineHeight: '28px', fontWeight: 800 }}>{children}</h1>;
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 14px' }}>{children}</p>;
}

/** A call to action; the address is also written out for mail apps that strip buttons. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '20px 0' }}>
      <a
        href={href}
        style={{ display: 'inline-block', backgroundColor: BRAND_COLOR, color: '#ffffff', padding: '12px 20px', borderRadius: 8, fontWeight: 700, textDecoration: 'none' }}
      >
        {children}
      </a>
    </p>
  );
}
