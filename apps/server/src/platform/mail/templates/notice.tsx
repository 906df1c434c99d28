import { ActionButton, BRAND_COLOR, Heading, MailLayout, Paragraph, type Brand } from './layout.tsx';

export interface Notice {
  heading: string;
  paragraphs: string[];
  /** Label and value rows under the paragraphs (a receipt's amount, plan, card, date). */
  details?: { label: string; value: string }[];
  /** Things to open, each a link with a line under it (the chats of a digest), under the paragraphs. */
  links?: { label: string; url: string; note: string }[];
  action?: { label: string; url: string };
  /** A second, lesser way on, as a link under the action (e.g. "Reset your password" beside "Sign in"). */
  secondaryAction?: { label: string; url: string };
  /** A closing line under the action, e.g. how long a link works. */
  footnote?: string;
}

/** The shape most transactional mails take: a heading, a few paragraphs, one action. */
export function NoticeMail({ brand, notice }: { brand: Brand; notice: Notice }) {
  return (
    <MailLayout brand={brand} preview={notice.paragraphs[0] ?? notice.heading}>
      <Heading>{notice.heading}</Heading>
      {notice.paragraphs.map((text) => (
        <Paragraph key={text}>{text}</Paragraph>
      ))}
      {notice.links?.map((link) => (
        <p key={link.url} style={{ margin: '0 0 12px', fontSize: 15, lineHeight: '22px' }}>
          <a href={link.url} style={{ color: BRAND_COLOR, fontWeight: 700 }}>
            {link.label}
          </a>
          <br />
          <span style={{ color: '#475569', fontSize: 14 }}>{link.note}</span>
        </p>
      ))}
      {notice.details && notice.details.length > 0 && (
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '4px 0 14px', borderTop: '1px solid #e2e8f0' }}>
          <tbody>
            {notice.details.map((row) => (
              <tr key={row.label}>
                <td style={{ padding: '8px 12px 8px 0', borderBottom: '1px solid #e2e8f0', color: '#475569', fontSize: 14 }}>{`${row.label}:`}</td>
                <td align="right" style={{ padding: '8px 0', borderBottom: '1px solid #e2e8f0', fontWeight: 700, fontSize: 14 }}>
                  {row.value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {notice.action && (
        <>
          <ActionButton href={notice.action.url}>{notice.action.label}</ActionButton>
          <p style={{ margin: '0 0 14px', fontSize: 13, color: '#475569', wordBreak: 'break-all' }}>
            {`Or open this address: ${notice.action.url}`}
          </p>
        </>
      )}
      {notice.secondaryAction && (
        <p style={{ margin: '0 0 14px', fontSize: 14 }}>
          <a href={notice.secondaryAction.url} style={{ color: BRAND_COLOR, fontWeight: 700 }}>
            {notice.secondaryAction.label}
          </a>
        </p>
      )}
      {notice.footnote && <p style={{ margin: 0, fontSize: 13, color: '#475569' }}>{notice.footnote}</p>}
    </MailLayout>
  );
}
