import { cardSchema } from '@portal/contracts/billing';
import { api } from '@/lib/api-client';

/** Saves a card from its token; the card starts PendingSquareCreation. */
export const addCard = (nonce: string) => api('/api/cards', { method: 'POST', body: { nonce }, schema: cardSchema });
