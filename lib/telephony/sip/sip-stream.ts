// SIP over a stream (TCP, RFC 3261 section 18.3): messages follow each other on the connection, each
// ending where its Content-Length says; CRLFs between them are keep-alives.

const HEAD_END = Buffer.from("\r\n\r\n");
/** A head longer than this is not SIP: the connection is dropped rather than buffered without end. */
export const MAX_SIP_HEAD_BYTES = 64 * 1024;

export class SipStreamFramer {
  private buffered = Buffer.alloc(0);

  /** Adds what the connection delivered; returns the messages now complete, in order. Throws on a stream that is not SIP. */
  push(chunk: Buffer): string[] {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    const messages: string[] = [];
    for (;;) {
      let start = 0;
      while (this.buffered[start] === 0x0d || this.buffered[start] === 0x0a) start++;
      if (start) this.buffered = this.buffered.subarray(start);
      const headEnd = this.buffered.indexOf(HEAD_END);
      if (headEnd < 0) {
        if (this.buffered.length > MAX_SIP_HEAD_BYTES) throw new Error("no end of a SIP message head within 64 KB");
        return messages;
      }
      const head = this.buffered.subarray(0, headEnd).toString("utf8");
      const declared = /^(?:content-length|l)[ \t]*:[ \t]*(\d+)[ \t]*$/im.exec(head);
      // On a stream, Content-Length is mandatory (section 18.3); without it the message has no body.
      const length = declared ? Number(declared[1]) : 0;
      const end = headEnd + HEAD_END.length + length;
      if (this.buffered.length < end) return messages;
      messages.push(this.buffered.subarray(0, end).toString("utf8"));
      this.buffered = this.buffered.subarray(end);
    }
  }
}
