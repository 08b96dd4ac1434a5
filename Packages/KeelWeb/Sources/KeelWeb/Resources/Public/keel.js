// Keel web front-ends: what every app's page script shares, served by KeelWeb
// at /keel/keel.js and loaded before the app's own script.
//
//   Keel.post(url, params)   a state-changing request of this tab, sent in the
//                            background (the tab's id and token added); a tab
//                            whose session expired reloads
//   Keel.swap(data)          applies a `fragment` event of the live connection
//                            (the tab's id and token filled in where its
//                            markers, <keel-tab> and <keel-token>, stand);
//                            the text of its [data-announce] element, when it
//                            changed, is read out by screen readers (one short
//                            live region, not the whole fragment), and the
//                            element that had focus keeps it if it has an id
//   Keel.follow(source)      reloads the page when its live connection is
//                            refused for good (the tab's session is gone: the
//                            browser retries other failures by itself)
//
// Forms marked data-live are sent with Keel.post instead of loading a page:
// their result comes back over the live connection. A page that comes back
// with a form's errors (fields marked aria-invalid, each described by its
// message) has focus on the first field in error.
//
// A sheet, a <dialog data-modal> the server renders open (so that a page
// without script shows it too), is shown as a modal: focus moves into it, Tab
// stays in it, the page behind is inert, and Escape sends its data-dismiss
// form. When a swap takes it away, focus goes back to what had it before.
(() => {
  const { tab, token } = document.body.dataset;
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

  // The page's one live region, made once: it holds the short text a swap
  // announces, so that a screen reader reads that and not the whole fragment.
  const announcer = document.createElement('p');
  announcer.id = 'keel-announcer';
  announcer.className = 'keel-visually-hidden';
  announcer.setAttribute('role', 'status');
  document.body.append(announcer);

  // A fragment's first line is the id of the element it replaces, the rest its
  // HTML. A fragment equal to what is shown is not swapped in, so that focus
  // and element references survive the first update. Returns whether it swapped.
  const swap = (data) => {
    const lineBreak = data.indexOf('\n');
    if (lineBreak < 0) return false;
    const element = document.getElementById(data.slice(0, lineBreak));
    if (!element) return false;
    // The same fragment is sent to every tab showing it: each fills in its own credentials.
    const html = data.slice(lineBreak + 1).replaceAll('<keel-tab>', tab).replaceAll('<keel-token>', token);
    const parsed = document.createElement('template');
    parsed.innerHTML = html;
    if (parsed.innerHTML === element.innerHTML) return false;
    const before = element.querySelector('[data-announce]')?.textContent;
    const focused = element.contains(document.activeElement) ? document.activeElement.id : '';
    element.innerHTML = html;
    if (focused) document.getElementById(focused)?.focus();
    showModal();
    const after = element.querySelector('[data-announce]')?.textContent;
    if (after !== undefined && after !== before) announcer.textContent = after;
    return true;
  };

  let opener = '';
  const showModal = () => {
    const dialog = document.querySelector('dialog[data-modal]');
    if (!dialog) {
      if (opener) document.getElementById(opener)?.focus();
      opener = '';
      return;
    }
    if (dialog.matches(':modal')) return;
    opener = document.activeElement?.id || opener;
    dialog.close();
    dialog.setAttribute('aria-modal', 'true');
    dialog.showModal();
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      dialog.querySelector('form[data-dismiss]')?.requestSubmit();
    });
    // The browser lets Tab leave a modal for its own toolbar: from the last
    // control (or Shift-Tab from the first), go round to the other end.
    dialog.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab') return;
      const controls = [...dialog.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select, textarea')];
      if (controls.length === 0) return;
      const [first, last] = [controls[0], controls[controls.length - 1]];
      if (document.activeElement === (event.shiftKey ? first : last)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    });
  };

  // Refused again within 10 s of such a reload (cookies turned off, say), the
  // page stays as it is rather than reloading in a loop.
  const follow = (source) => {
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) return;
      try {
        const last = Number(sessionStorage.getItem('keel-reloaded') || 0);
        if (Date.now() - last < 10000) return;
        sessionStorage.setItem('keel-reloaded', String(Date.now()));
      } catch (error) {
        return;  // no storage: no way to tell a loop, so no reload
      }
      location.reload();
    });
    return source;
  };

  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-live')) return;
    event.preventDefault();
    // The button pressed says which (name and value), as it does without script.
    const data = new FormData(form);
    if (event.submitter?.name) data.append(event.submitter.name, event.submitter.value);
    post(form.action, new URLSearchParams(data));
  });

  document.querySelector('[aria-invalid="true"]')?.focus();
  showModal();

  window.Keel = { tab, token, post, swap, follow };
})();
