// Countries web front-end: live updates over server-sent events, and forms
// sent without reloading (with KeelWeb's keel.js, loaded first). Every page
// also works without this script.
(() => {
  const body = document.body;
  const { tab, page, code } = body.dataset;
  if (!window.Keel) return;
  const { post, swap, follow } = window.Keel;

  // The live connection: the server pushes the page's changing part. It is
  // told which one the page shows (the id of the last fragment, or the
  // page's own), and does not send that again.
  const query = new URLSearchParams({ tab, page });
  if (code) query.set('code', code);
  let shown = document.querySelector('[data-shown]')?.dataset.shown;
  let source = null;
  const connect = () => {
    if (shown) query.set('shown', shown);
    source = follow(new EventSource('/events?' + query));
    source.addEventListener('fragment', (event) => {
      swap(event.data);
      shown = event.lastEventId || shown;
    });
    source.addEventListener('scene', (event) => {
      body.classList.toggle('scene-hidden', JSON.parse(event.data).hidden);
    });
  };
  connect();

  // Leaving the page (for another page, or into the back/forward cache) closes
  // the live connection, which would hold one of the browser's few connections
  // to the server, and is not the tab going to the background: pagehide comes
  // before that visibilitychange. A page shown while its tab is recorded
  // hidden says it is visible.
  let leaving = false;
  addEventListener('pagehide', () => {
    leaving = true;
    if (source) {
      source.close();
      source = null;
    }
  });
  addEventListener('pageshow', (event) => {
    leaving = false;
    if (!source) connect();
    if (!document.hidden && (event.persisted || body.classList.contains('scene-hidden'))) {
      post('/activity', new URLSearchParams({ active: 'true' }));
    }
  });

  // Search as you type.
  const search = document.getElementById('search');
  if (search) {
    let timer;
    search.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        post('/search', new URLSearchParams({ q: search.value }));
        const url = new URL(location.href);
        url.searchParams.set('q', search.value);
        history.replaceState(null, '', url);
      }, 120);
    });
  }

  // Settings apply as they change.
  document.addEventListener('change', (event) => {
    const form = event.target.closest && event.target.closest('form.settings');
    if (!form) return;
    const sent = post('/settings', new URLSearchParams(new FormData(form)));
    // A new interface language shows on the whole page, not only in the form.
    if (event.target.id === 'interface') sent.then(() => location.reload());
  });

  // The tab is a scene: hidden means inactive, and the content blurs.
  document.addEventListener('visibilitychange', () => {
    if (leaving) return;
    post('/activity', new URLSearchParams({ active: document.hidden ? 'false' : 'true' }));
  });
})();
