// Content-Type by file extension. Anything unknown (including .html and .svg, which a browser would
// run as a page) is served as application/octet-stream.
const TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  flac: "audio/flac",
  webm: "audio/webm",
  gsm: "audio/x-gsm",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
  xml: "application/xml",
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

export function contentTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return (dot > 0 && TYPES[fileName.slice(dot + 1).toLowerCase()]) || "application/octet-stream";
}

export const isAudio = (fileName: string) => contentTypeOf(fileName).startsWith("audio/");
