// Countries web front-end: live updates over server-sent events, and forms
// sent without reloading. Every page also works without this script.
(() => {
  const body = document.body;
  const { tab, token, page, code } = body.dataset;
  if (!tab || !token) return;

  const post = (url, params) => {
    params.set('tab', tab);
    params.set('token', token);
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Keel-Live': '1' },
      body: params,
      credentials: 'same-origin',
    }).then((response) => {
      if (response.status === 403) location.reload();  // the tab's session expired
      return response;
    }, () => undefined);
  };

  // The live connection: the server pushes the page's changing part. A
  // fragment's first line is the id of the element it replaces, the rest its
  // HTML. A fragment equal to what is shown is not swapped in, so that focus
  // and element references survive the first update.
  const query = new URLSearchParams({ tab, page });
  if (code) query.set('code', code);
  let source = null;
  const connect = () => {
    source = new EventSource('/events?' + query);
    source.addEventListener('fragment', (event) => {
      const lineBreak = event.data.indexOf('\n');
      if (lineBreak < 0) return;
      const target = event.data.slice(0, lineBreak);
      const html = event.data.slice(lineBreak + 1);
      const element = document.getElementById(target);
      if (!element) return;
      const parsed = document.createElement('template');
      parsed.innerHTML = html;
      if (parsed.innerHTML !== element.innerHTML) element.innerHTML = html;
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
      post('/scene', new URLSearchParams({ active: 'true' }));
    }
  });

  // Forms marked data-live are sent in the background; the result comes live.
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-live')) return;
    event.preventDefault();
    post(form.action, new URLSearchParams(new FormData(form)));
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
    if (form) post('/settings', new URLSearchParams(new FormData(form)));
  });

  // The tab is a scene: hidden means inactive, and the content blurs.
  document.addEventListener('visibilitychange', () => {
    if (leaving) return;
    post('/scene', new URLSearchParams({ active: document.hidden ? 'false' : 'true' }));
  });
})();
