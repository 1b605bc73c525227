import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transcribeWithOpenAiCompatible, transcriptionEndpoint } from "./openai-compatible-provider";

interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Buffer;
}

/** multipart/form-data as the server sees it (RFC 7578), parsed by hand so the test checks the wire format. */
function parseMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === "--") break;
    const next = body.indexOf(delimiter, start);
    const chunk = body.subarray(start + 2, next - 2); // after CRLF, before the CRLF that precedes the next delimiter
    const headerEnd = chunk.indexOf("\r\n\r\n");
    const headers = chunk.subarray(0, headerEnd).toString();
    parts.push({
      name: /name="([^"]*)"/.exec(headers)![1]!,
      fileName: /filename="([^"]*)"/.exec(headers)?.[1],
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1],
      data: chunk.subarray(headerEnd + 4),
    });
    at = next;
  }
  return parts;
}

type Seen = { path: string; authorization?: string; parts: Part[] };
type Behaviour = (seen: Seen, res: http.ServerResponse) => void;

describe("the openai-compatible provider, against a loopback server speaking POST /v1/audio/transcriptions", () => {
  let server: http.Server;
  let url: string;
  let behaviour: Behaviour = () => {};
  const seen: Seen[] = [];
  const hanging = new Set<http.ServerResponse>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const request = {
          path: req.url ?? "",
          authorization: req.headers.authorization,
          parts: parseMultipart(Buffer.concat(chunks), req.headers["content-type"] ?? ""),
        };
        seen.push(request);
        behaviour(request, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const audio = { bytes: new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4, 0, 255]), fileName: "call-7.mp3", duration: 4, from: "tel:12025550143" };

  it("posts the audio's bytes and the model as multipart, with the key, and returns the answer's text", async () => {
    seen.length = 0;
    behaviour = (_, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: " Please call me back. " }));
    const text = await transcribeWithOpenAiCompatible(audio, { url: `${url}/`, key: "sk-test", model: "whisper-large-v3", timeoutMs: 5000 });
    expect(text).toBe("Please call me back.");
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.path).toBe("/v1/audio/transcriptions");
    expect(request!.authorization).toBe("Bearer sk-test");
    const file = request!.parts.find((p) => p.name === "file")!;
    expect(file.fileName).toBe("call-7.mp3");
    expect(file.contentType).toBe("audio/mpeg");
    expect([...file.data]).toEqual([...audio.bytes]);
    expect(request!.parts.find((p) => p.name === "model")!.data.toString()).toBe("whisper-large-v3");
  });

  it("sends no authorization without a key", async () => {
    seen.length = 0;
    behaviour = (_, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: "hello" }));
    expect(await transcribeWithOpenAiCompatible(audio, { url, model: "whisper-1", timeoutMs: 5000 })).toBe("hello");
    expect(seen[0]!.authorization).toBeUndefined();
  });

  it("a 500 is a failure that names the status and the server's words", async () => {
    behaviour = (_, res) => res.writeHead(500, { "content-type": "application/json" }).end('{"error":"model not loaded"}');
    await expect(transcribeWithOpenAiCompatible(audio, { url, model: "whisper-1", timeoutMs: 5000 })).rejects.toThrow(
      /answered 500: .*model not loaded/,
    );
  });

  it("a server that does not answer in time is a failure that says so", async () => {
    behaviour = (_, res) => hanging.add(res);
    const started = Date.now();
    await expect(transcribeWithOpenAiCompatible(audio, { url, model: "whisper-1", timeoutMs: 300 })).rejects.toThrow(/did not answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("an answer without a text is a failure", async () => {
    behaviour = (_, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"segments":[]}');
    await expect(transcribeWithOpenAiCompatible(audio, { url, model: "whisper-1", timeoutMs: 5000 })).rejects.toThrow(/without a text/);
  });

  it("without a URL configured it fails at once, naming the variable", async () => {
    await expect(transcribeWithOpenAiCompatible(audio, { model: "whisper-1", timeoutMs: 5000 })).rejects.toThrow(
      /TRANSCRIPTION_OPENAI_URL is not set/,
    );
  });

  it("takes a base URL with or without /v1", () => {
    expect(transcriptionEndpoint("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080/v1/audio/transcriptions");
    expect(transcriptionEndpoint("https://api.openai.com/v1/")).toBe("https://api.openai.com/v1/audio/transcriptions");
  });
});
