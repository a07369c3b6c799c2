/** Three Card Poker at the table: the hand session, its context and the view of the displays. */
export { TcpSession, type TcpInit } from "./session.js";
export type { TcpBox, TcpContext, TcpLine, TcpShowdown } from "./context.js";
export { TCP_BETS } from "./context.js";
export { tcpView, type TcpBoxView, type TcpDealerView, type TcpView } from "./view.js";
