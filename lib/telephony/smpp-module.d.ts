// The few parts of the untyped `smpp` package (0.5.x) this project uses: client and server sessions, PDUs, status codes.
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer } from "node:net";

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
    [field: string]: unknown;
  }

  export class Session extends EventEmitter {
    socket: import("node:net").Socket;
    send(pdu: Pdu, responseCallback?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    bind_transceiver(options: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void): boolean;
    deliver_sm(options: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void): boolean;
    unbind(options?: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: { host: string; port: number; auto_enquire_link_period?: number }, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;

  export const errors: Record<string, number>;
  export const ESME_ROK: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RMSGQFUL: number;
}
