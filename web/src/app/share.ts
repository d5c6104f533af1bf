// Sharing what the page shows: a permalink put in the address bar and on the clipboard.

/** Puts `url` in the address bar and on the clipboard (the address bar has it if the clipboard is
 * blocked), then says so through `copied` for a moment. */
export async function sharePermalink(url: string, copied: (on: boolean) => void): Promise<void> {
  history.replaceState(null, '', url);
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    /* clipboard blocked: the address bar has the link */
  }
  copied(true);
  setTimeout(() => copied(false), 1500);
}
