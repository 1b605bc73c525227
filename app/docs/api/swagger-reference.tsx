"use client";

import Script from "next/script";
import { useEffect, useRef, useState } from "react";
import styles from "./swagger-reference.module.css";

interface SwaggerUIBundle {
  (options: Record<string, unknown>): unknown;
  presets: { apis: unknown };
}

declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUIBundle;
  }
}

/**
 * The generated OpenAPI document rendered by Swagger UI, loaded from our own origin. "Try it out"
 * is off: every request must be OAuth-signed, which the portal's API console does.
 */
export function SwaggerReference({ assetsPath, version, specUrl }: { assetsPath: string; version: string; specUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const SwaggerUIBundle = window.SwaggerUIBundle;
    if (!loaded || !SwaggerUIBundle || !container.current) return;
    SwaggerUIBundle({
      domNode: container.current,
      url: specUrl,
      presets: [SwaggerUIBundle.presets.apis],
      validatorUrl: null,
      supportedSubmitMethods: [],
      // Off: a deep link inside each operation's toggle button is a control inside a control (axe: nested-interactive).
      deepLinking: false,
      displayOperationId: true,
      defaultModelsExpandDepth: 0,
      // The reference grows above the page's own anchors (#error-<code>): scroll to them again once it is drawn.
      onComplete: () => {
        // Swagger UI's server picker has no label (axe: select-name).
        container.current?.querySelector("select#servers")?.setAttribute("aria-label", "Server");
        const anchor = window.location.hash.startsWith("#error-") ? document.getElementById(window.location.hash.slice(1)) : null;
        anchor?.scrollIntoView();
      },
    });
  }, [loaded, specUrl]);

  return (
    <>
      <link rel="stylesheet" href={`${assetsPath}/swagger-ui.css?v=${version}`} />
      <Script
        src={`${assetsPath}/swagger-ui-bundle.js?v=${version}`}
        strategy="afterInteractive"
        onReady={() => setLoaded(true)}
        onError={() => setFailed(true)}
      />
      {failed && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          The reference viewer could not be loaded. Reload the page, or read the OpenAPI document at{" "}
          <a href={specUrl} className="font-medium underline">
            {specUrl}
          </a>
          .
        </p>
      )}
      {!loaded && !failed && <p className="text-sm text-slate-500">Loading the reference…</p>}
      <div ref={container} className={styles.reference} data-testid="swagger-ui" />
    </>
  );
}
