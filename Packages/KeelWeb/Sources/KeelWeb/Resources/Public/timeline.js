// The timeline page of KeelWeb (TimelinePages): follows the page's live
// connection, which sends only what is new (the entries after those the page
// shows, and where the app's state is after a rewind), and opens a timeline
// file (read here, sent as a form field).
(() => {
  const entries = document.getElementById('timeline-entries');
  if (entries && entries.dataset.live) {
    const source = new EventSource(entries.dataset.live);
    const parse = (html) => {
      const parsed = document.createElement('template');
      parsed.innerHTML = html;
      return [...parsed.content.children];
    };
    // New entries, newest first; one the page has already (sent again after a
    // reconnection) is not added twice. An update goes under the action it
    // followed (data-in); one doing the same work as the row before it is
    // folded into that row, which counts it (data-folded-into).
    source.addEventListener('entries', (event) => {
      const list = entries.querySelector('ol');
      if (!list) return;
      for (const item of parse(event.data).reverse()) {
        if (document.getElementById(item.id)) continue;
        const first = item.dataset.foldedInto && document.getElementById(`entry-${item.dataset.foldedInto}`);
        if (first) {
          const summary = first.querySelector(':scope > details > summary');
          let repeats = summary.querySelector('.repeats');
          if (!repeats) {
            repeats = document.createElement('span');
            repeats.className = 'repeats';
            repeats.dataset.count = '0';
            summary.append(' ', repeats);
          }
          repeats.dataset.count = String(Number(repeats.dataset.count) + 1);
          repeats.textContent = `and ${repeats.dataset.count} more alike, to #${item.dataset.entry}`;
          continue;
        }
        const action = item.dataset.in && document.querySelector(`#entry-${item.dataset.in} > ol.followed`);
        (action || list).prepend(item);
      }
      entries.querySelector('p.empty')?.remove();
    });
    // Where the app's state is: the entry shown on the first line, the banner after it.
    source.addEventListener('position', (event) => {
      const lineBreak = event.data.indexOf('\n');
      const current = event.data.slice(0, lineBreak);
      const banner = document.getElementById('timeline-position');
      if (banner) banner.innerHTML = event.data.slice(lineBreak + 1);
      for (const item of entries.querySelectorAll('li[data-entry]')) {
        item.classList.toggle('current', item.dataset.entry === current);
      }
    });
    // The history the page shows was cut (an update after a rewind): it is read anew.
    source.addEventListener('reload', () => {
      source.close();
      location.reload();
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
