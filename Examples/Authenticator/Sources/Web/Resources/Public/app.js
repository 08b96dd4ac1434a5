// Authenticator web front-end: countdowns drawn every second, new codes
// pushed over server-sent events at each period's end, copy to the
// clipboard, and the unlock page as soon as the vault locks. Every page
// works without this script (the list then reloads itself when codes change).
(() => {
  const body = document.body;
  const { tab, token, page } = body.dataset;
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

  // The codes' clock: the server's moment (with the settings' offset) when
  // the page was made, carried on by the browser's own clock.
  const toolbar = document.getElementById('toolbar');
  const skew = toolbar ? Number(toolbar.dataset.clock) - Date.now() / 1000 : 0;
  const draw = () => {
    const now = Date.now() / 1000 + skew;
    for (const code of document.querySelectorAll('.code[data-period]')) {
      const period = Number(code.dataset.period);
      const countdown = code.querySelector('.countdown');
      if (!period || !countdown) continue;
      const left = Math.max(1, period - Math.floor(now % period));
      countdown.textContent = left + ' s';
      countdown.classList.toggle('ending', left <= 5);
    }
  };
  draw();
  setInterval(draw, 1000);

  // The live connection: new rows at each period's end; another page when the vault locks.
  if (page) {
    let source = new EventSource('/events?' + new URLSearchParams({ tab, page }));
    source.addEventListener('fragment', (event) => {
      const lineBreak = event.data.indexOf('\n');
      if (lineBreak < 0) return;
      const element = document.getElementById(event.data.slice(0, lineBreak));
      if (!element) return;
      element.innerHTML = event.data.slice(lineBreak + 1);
      draw();
    });
    source.addEventListener('navigate', (event) => {
      source.close();
      location.assign(event.data);
    });
    addEventListener('pagehide', () => source.close());
  }

  // Copy: the code shown goes to the clipboard, and its use is recorded.
  document.addEventListener('click', (event) => {
    const button = event.target.closest && event.target.closest('button.copy');
    if (!button) return;
    event.preventDefault();
    if (navigator.clipboard) navigator.clipboard.writeText(button.dataset.copy).catch(() => {});
    button.textContent = 'Copied';
    setTimeout(() => { button.textContent = 'Copy'; }, 1500);
    post('/copy', new URLSearchParams(new FormData(button.form)));
  });

  // Forms marked data-live are sent in the background; the result comes live.
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-live')) return;
    event.preventDefault();
    post(form.action, new URLSearchParams(new FormData(form)));
  });
})();
