// keel UI live update: a page whose #live element names a version URL polls it every two seconds and, when pi
// has written to the session file, fetches the page again and swaps the #live content in place (no reload).
(() => {
  const live = document.getElementById("live");
  if (!live?.dataset.liveUrl) return;
  let busy = false;
  const refresh = async () => {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const answer = await fetch(live.dataset.liveUrl, { credentials: "same-origin", cache: "no-store" });
      if (!answer.ok) return;
      const { version } = await answer.json();
      if (version === live.dataset.liveVersion) return;
      const page = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
      if (!page.ok) return;
      const next = new DOMParser().parseFromString(await page.text(), "text/html").getElementById("live");
      if (!next) return;
      live.replaceChildren(...next.childNodes);
      live.dataset.liveVersion = next.dataset.liveVersion;
      live.dataset.updated = String(Number(live.dataset.updated || 0) + 1);
    } catch {
      // The server went away or the network blinked: try again on the next tick.
    } finally {
      busy = false;
    }
  };
  setInterval(refresh, 2000);
})();
