/** A voicemail's audio (through a signed download URL) and its transcript, when there is one. */
export function VoicemailPlayer({ src, label, transcript, transcriptionStatus }: { src: string; label: string; transcript?: string | null; transcriptionStatus?: string | null }) {
  return (
    <div className="space-y-2" data-testid="voicemail-player">
      <audio controls preload="metadata" src={src} className="w-full max-w-md" aria-label={label} />
      {transcript ? (
        <blockquote className="rounded-md border-l-4 border-brand-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="voicemail-transcript">
          <span className="sr-only">Transcript: </span>
          {transcript}
        </blockquote>
      ) : transcriptionStatus === "pending" ? (
        <p className="text-xs text-slate-500">Transcribing…</p>
      ) : null}
    </div>
  );
}
