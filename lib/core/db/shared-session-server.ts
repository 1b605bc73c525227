import fs from "node:fs";
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

// Serves PGlite's one PostgreSQL session to many clients on a Unix socket (each web worker has its
// own connection). A client's messages run as whole units: everything up to a Sync, a simple Query,
// a Flush or the end of a COPY, so one client's Parse, Bind and Execute never meet another's. A
// client that leaves the session anything but idle (a transaction, an unfinished extended query, a
// COPY) keeps it: the others' units wait until its ReadyForQuery says idle again. A client that
// goes away mid-transaction is rolled back, and the statements it prepared are deallocated, so its
// successor (a restarted worker) finds the session as a fresh connection would.

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Frontend messages after which the client waits for an answer. */
const UNIT_ENDS = new Set(["S", "Q", "H", "c", "f"]);
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'

interface Client {
  id: number;
  socket: net.Socket;
  buffer: Buffer;
  started: boolean;
  /** Messages received since the last unit ended. */
  pending: Buffer[];
  /** Statement names this client prepared and has not closed. */
  prepared: Set<string>;
  closed: boolean;
}

interface Unit {
  client: Client;
  messages: Buffer[];
}

export class SharedSessionServer {
  private readonly server: net.Server;
  private readonly clients = new Set<Client>();
  private queue: Unit[] = [];
  /** The client the session belongs to until it is idle again. */
  private owner?: Client;
  private running = false;
  private nextId = 1;
  /** Clean-ups of departed clients, run between units. */
  private cleanups: Array<() => Promise<void>> = [];

  constructor(
    private readonly db: PGlite,
    private readonly socketPath: string,
  ) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.socketPath, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    for (const client of this.clients) client.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    while (this.running) await new Promise((r) => setTimeout(r, 5));
    fs.rmSync(this.socketPath, { force: true });
  }

  /** Clients connected now (for tests and the launcher's status). */
  get connections(): number {
    return this.clients.size;
  }

  private accept(socket: net.Socket) {
    const client: Client = { id: this.nextId++, socket, buffer: Buffer.alloc(0), started: false, pending: [], prepared: new Set(), closed: false };
    this.clients.add(client);
    socket.on("data", (chunk) => this.received(client, chunk));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.departed(client));
  }

  private received(client: Client, chunk: Buffer) {
    client.buffer = client.buffer.length ? Buffer.concat([client.buffer, chunk]) : chunk;
    for (;;) {
      const message = this.nextMessage(client);
      if (!message) return;
      if (!client.started) {
        const code = message.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          client.socket.write("N"); // no encryption on a local socket
          continue;
        }
        if (code === CANCEL_REQUEST) {
          client.socket.destroy(); // one session cannot be interrupted from outside
          return;
        }
        client.started = true;
        this.enqueue({ client, messages: [message] });
        continue;
      }
      const type = String.fromCharCode(message[0]!);
      if (type === "X") {
        client.socket.end();
        return;
      }
      client.pending.push(message);
      if (UNIT_ENDS.has(type)) {
        this.enqueue({ client, messages: client.pending });
        client.pending = [];
      }
    }
  }

  /** The next whole message in the client's buffer: untyped (length first) until its startup. */
  private nextMessage(client: Client): Buffer | undefined {
    const typed = client.started ? 1 : 0;
    if (client.buffer.length < typed + 4) return undefined;
    const length = typed + client.buffer.readInt32BE(typed);
    if (client.buffer.length < length) return undefined;
    const message = client.buffer.subarray(0, length);
    client.buffer = client.buffer.subarray(length);
    return message;
  }

  private enqueue(unit: Unit) {
    this.queue.push(unit);
    void this.run();
  }

  private departed(client: Client) {
    if (client.closed) return;
    client.closed = true;
    this.clients.delete(client);
    this.queue = this.queue.filter((unit) => unit.client !== client);
    const wasOwner = this.owner === client;
    if (wasOwner) this.owner = undefined;
    const names = [...client.prepared];
    if (!wasOwner && !names.length) return;
    this.cleanups.push(async () => {
      // A Sync ends an unfinished extended query; ROLLBACK then ends a transaction it left open.
      if (wasOwner) {
        await this.execute(Buffer.from([0x53, 0, 0, 0, 4]));
        await this.db.exec("ROLLBACK");
      }
      for (const name of names) await this.db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`);
    });
    void this.run();
  }

  /** Runs queued units one at a time; while a client owns the session, only its units. */
  private async run() {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const cleanup = this.owner ? undefined : this.cleanups.shift();
        if (cleanup) {
          await cleanup().catch(() => undefined); // the session is reset by the next client's own statements
          continue;
        }
        const index = this.owner ? this.queue.findIndex((unit) => unit.client === this.owner) : 0;
        if (index < 0 || !this.queue.length) return;
        const [unit] = this.queue.splice(index, 1);
        await this.runUnit(unit!);
      }
    } finally {
      this.running = false;
    }
  }

  private async runUnit({ client, messages }: Unit) {
    let tail = Buffer.alloc(0); // the last bytes answered: a ReadyForQuery ends with the session's status
    try {
      for (const message of messages) {
        this.notePrepared(client, message);
        await this.execute(message, (data) => {
          if (!client.closed) client.socket.write(data);
          tail = Buffer.concat([tail, data]).subarray(-6);
        });
      }
    } catch {
      client.socket.destroy(); // PGlite itself failed (not an SQL error, which is an answer)
      return;
    }
    const idle = tail.length === 6 && tail[0] === READY_FOR_QUERY && tail.readInt32BE(1) === 5 && tail[5] === IDLE;
    this.owner = idle || client.closed ? undefined : client;
  }

  private execute(message: Buffer, onData: (data: Buffer) => void = () => undefined) {
    return this.db.runExclusive(() =>
      this.db.execProtocolRawStream(new Uint8Array(message.buffer, message.byteOffset, message.length), {
        onRawData: (data) => onData(Buffer.from(data)),
      }),
    );
  }

  /** Tracks named statements: Parse ('P') creates one, Close ('C') of a statement ('S') removes it. */
  private notePrepared(client: Client, message: Buffer) {
    const type = message[0];
    if (type === 0x50) {
      const name = cString(message, 5);
      if (name) client.prepared.add(name);
    } else if (type === 0x43 && message[5] === 0x53) {
      client.prepared.delete(cString(message, 6));
    }
  }
}

function cString(buffer: Buffer, start: number): string {
  const end = buffer.indexOf(0, start);
  return buffer.toString("utf8", start, end < 0 ? buffer.length : end);
}
