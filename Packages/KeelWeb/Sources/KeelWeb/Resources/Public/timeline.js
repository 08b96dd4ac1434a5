// The timeline page of KeelWeb (TimelinePages): follows the page's live
// connection, which sends the entries each time the timeline changes, and
// opens a timeline file (read here, sent as a form field).
(() => {
  const entries = document.getElementById('timeline-entries');
  if (entries && entries.dataset.live) {
    const source = new EventSource(entries.dataset.live);
    source.addEventListener('fragment', (event) => {
      const lineBreak = event.data.indexOf('\n');
      if (event.data.slice(0, lineBreak) !== entries.id) return;
      // Entries opened stay open across an update.
      const open = new Set([...entries.querySelectorAll('details[open]')].map((d) => d.parentElement.id));
      entries.innerHTML = event.data.slice(lineBreak + 1);
      open.forEach((id) => document.getElementById(id)?.querySelector('details')?.setAttribute('open', ''));
    });
  }
  const file = document.getElementById('timeline-file');
  if (file) {
    file.addEventListener('change', async () => {
      const chosen = file.files[0];
      if (!chosen) return;
      document.getElementById('timeline-json').value = await chosen.text();
      file.form.submit();
    });
  }
})();
