"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { buttonPrimary, fileInput } from "@/components/styles";

/** Uploads one file into the folder with a progress bar (XMLHttpRequest: fetch reports no upload progress). */
export function UploadForm({ domain, folder }: { domain: string; folder: string }) {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "ok"; text: string } | null>(null);

  function upload(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return;
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ folder, file: file.name });
    xhr.open("POST", `/media/${encodeURIComponent(domain)}/upload?${query}`);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      setProgress(null);
      if (xhr.status === 201) {
        setMessage({ tone: "ok", text: `${file.name} was uploaded.` });
        // Ready for the next file: the picker no longer offers the one just sent.
        formRef.current?.reset();
        setFile(null);
        router.refresh();
      } else {
        let detail = `Upload failed (${xhr.status}).`;
        try {
          detail = JSON.parse(xhr.responseText).detail ?? detail;
        } catch {
          // not JSON
        }
        setMessage({ tone: "error", text: detail });
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setMessage({ tone: "error", text: "The upload was interrupted. Check your connection and try again." });
    };
    setMessage(null);
    setProgress(0);
    xhr.send(file);
  }

  return (
    <form ref={formRef} onSubmit={upload} className="space-y-3" aria-label="Upload a file">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex-1 text-sm font-medium text-slate-700">
          File
          <input type="file" className={`${fileInput} mt-1`} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" className={buttonPrimary} disabled={!file || progress !== null}>
          {progress !== null ? "Uploading…" : "Upload"}
        </button>
      </div>
      {progress !== null && (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-2 w-full overflow-hidden rounded bg-slate-200"
        >
          <div className="h-full bg-brand-500 transition-all" style={{ width: `${progress}%` }} />
        </div>
      )}
      {message && (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={message.tone === "error" ? "text-sm text-red-700" : "text-sm text-green-700"}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
