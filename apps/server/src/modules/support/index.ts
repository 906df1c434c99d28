/** Support chats: the customer's side here; staff answer through the staff module with these services. */
export { supportRoutes } from './routes.ts';
export { getChatForStaff, listChatsForStaff, sendMessage, setChatStatus } from './service.ts';
export { supportChats, supportMessages } from './schema.ts';
