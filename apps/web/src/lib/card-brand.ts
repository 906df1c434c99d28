/** Card brand names for people; shared with the server's e-mails. */
export { brandLabel } from '@portal/contracts/card-brand';
