"use client";

import { useEffect } from "react";

/** Drops one-time query parameters (?created=1) from the address bar, so a reload or the next action does not repeat their message. */
export function ForgetSearchParams() {
  useEffect(() => {
    window.history.replaceState(null, "", window.location.pathname + window.location.hash);
  }, []);
  return null;
}
