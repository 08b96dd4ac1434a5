// Authenticator web front-end: countdowns drawn every second, new codes
// pushed over server-sent events at each period's end (a small `codes` event,
// the rows themselves only when they change), copy to the
// clipboard, and the unlock page as soon as the vault locks (with KeelWeb's
// keel.js, loaded first). Every page works without this script (the list then
// reloads itself when codes change).
(() => {
  const { tab, page, browserKey } = document.body.dataset;
  if (!window.Keel) return;
  const { post, swap, follow } = window.Keel;

  // The browser's key: the pages of an open tab carry it, kept here in this
  // origin's storage (another port's pages cannot read it, as they can read
  // the cookie). A new tab's unlock page sends it back, and is let in without
  // the passphrase while the vault is open to this browser; the unlock form
  // sends it too, so that this browser's wrong passphrases count as the
  // owner's, not with unknown clients' (whose tries may be slowed down).
  const keyItem = 'keel-browser-key';
  try {
    if (browserKey) {
      localStorage.setItem(keyItem, browserKey);
    } else if (document.getElementById('known')) {
      const key = localStorage.getItem(keyItem);
      if (key) {
        document.getElementById('known').value = key;
        if (!document.getElementById('confirmation')) {
          post('/unlock/resume', new URLSearchParams({ key })).then((response) => {
            // On to the page asked for (one of the app's own paths), else the list.
            const next = new URLSearchParams(location.search).get('next') || '/';
            const page = /^\/[a-z]*$/.test(next) ? next : '/';
            if (response && response.status === 204) location.replace(page + '?tab=' + encodeURIComponent(tab));
          });
        }
      }
    }
  } catch (error) {
    // No storage (a private window that refuses it): every tab asks for the passphrase.
  }

  // The codes' clock: the server's moment (with the settings' offset) when
  // the page was made, carried on by the browser's own clock.
  const toolbar = document.getElementById('toolbar');
  const skew = toolbar ? Number(toolbar.dataset.clock) - Date.now() / 1000 : 0;
  // What a screen reader reads: the seconds in words, in the page's language
  // ("11 seconds left", "11초 남음"), where the eye reads "11 s".
  const seconds = new Intl.NumberFormat(document.documentElement.lang || 'en', { style: 'unit', unit: 'second', unitDisplay: 'long' });
  const draw = () => {
    const now = Date.now() / 1000 + skew;
    for (const code of document.querySelectorAll('.code[data-period]')) {
      const period = Number(code.dataset.period);
      const countdown = code.querySelector('.countdown');
      if (!period || !countdown) continue;
      const left = Math.max(1, period - Math.floor(now % period));
      // The unit in the page's language: "%lld s" from the catalog.
      countdown.textContent = (countdown.dataset.format || '%lld s').replace('%lld', left);
      countdown.classList.toggle('ending', left <= 5);
      const bar = code.querySelector('.countdown-bar > span');
      if (bar) bar.style.width = `${(left / period) * 100}%`;
      const words = code.querySelector('.countdown-words');
      if (words) words.textContent = (words.dataset.format || '%@ left').replace('%@', seconds.format(left));
    }
  };
  draw();
  setInterval(draw, 1000);

  // New codes: {serial, codes: {id: {code, next}}}, the same event for every
  // tab at each period's end. The rows say the serial of the codes they show
  // (data-codes): codes older than those (a live update of the rows rendered
  // after them) are not put back.
  let latest = null;
  const applyCodes = () => {
    const list = document.querySelector('#rows ul[data-codes]');
    if (!latest || !list || Number(list.dataset.codes) >= latest.serial) return;
    list.dataset.codes = String(latest.serial);
    for (const row of list.querySelectorAll('li.account')) {
      const code = latest.codes[row.dataset.id];
      if (!code) continue;
      const value = row.querySelector('.code .value');
      if (value && value.textContent !== code.code) {
        value.textContent = code.code;
        value.classList.remove('hidden-code');
      }
      const next = row.querySelector('.code .next');
      if (next && code.next) next.textContent = next.dataset.label + ' ' + code.next;
      const copy = row.querySelector('button.copy');
      if (copy) copy.dataset.copy = code.code.replace(/\s/g, '');
    }
  };

  // The live connection: new codes at each period's end, new rows when the
  // list changes; another page when the vault locks.
  if (page) {
    // The rows the page shows are not sent again (`shown`: the id of their live event).
    const shown = document.getElementById('rows')?.dataset.shown;
    const source = follow(new EventSource('/events?' + new URLSearchParams(shown ? { tab, page, shown } : { tab, page })));
    source.addEventListener('codes', (event) => {
      latest = JSON.parse(event.data);
      applyCodes();
    });
    source.addEventListener('fragment', (event) => {
      if (!swap(event.data)) return;
      applyCodes();
      labelCopies();
      draw();
    });
    source.addEventListener('navigate', (event) => {
      source.close();
      location.assign(event.data);
    });
    addEventListener('pagehide', () => source.close());
  }

  // The export's file is offered once: once its download starts, the page
  // says so in place of the button (without script, pressing again says so).
  const download = document.getElementById('download-form');
  download?.addEventListener('submit', () => {
    setTimeout(() => {
      const note = document.getElementById('ready-summary');
      if (note) note.textContent = download.dataset.done;
      download.hidden = true;
    });
  });

  // A form shows the fields of what is chosen, as the app's forms do: the
  // add form a kind's, the export form a format's. Fields marked
  // data-follows="<menu's id>" show for the menu's data-values; without
  // script every field shows, each labelled with what it is for.
  for (const menu of new Set([...document.querySelectorAll('[data-follows]')].map((fields) => fields.dataset.follows))) {
    const select = document.getElementById(menu);
    if (!select) continue;
    const follow = () => {
      for (const fields of document.querySelectorAll(`[data-follows="${menu}"]`)) fields.hidden = !fields.dataset.values.split(' ').includes(select.value);
    };
    select.addEventListener('change', follow);
    follow();
  }

  // Search, filter and sort apply as the reader types or chooses: the rows
  // come over the live connection, and the address keeps the search and the
  // filter for a reload. The forms' buttons are for pages without script.
  const search = document.getElementById('search');
  const filter = document.getElementById('filter');
  if (search && filter) {
    document.documentElement.classList.add('with-script');
    const remember = () => {
      const url = new URL(location.href);
      url.searchParams.set('q', search.value);
      url.searchParams.set('filter', filter.value);
      url.searchParams.delete('shown');
      history.replaceState(null, '', url);
    };
    let timer;
    search.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => { post('/list', new URLSearchParams({ q: search.value })); remember(); }, 120);
    });
    filter.addEventListener('change', () => { post('/list', new URLSearchParams({ filter: filter.value })); remember(); });
    const order = document.getElementById('order');
    order?.addEventListener('change', () => order.form.requestSubmit());
  }

  // Copy: the code shown goes to the clipboard; once it is there, the button
  // says Copied for a moment (also when recording the use re-renders the rows:
  // a new button then takes the label over) and the use of a time-based code
  // is recorded (a counter-based one was when it was made: copying it again
  // must not burn the next counter value). When the clipboard refuses it, or
  // there is none, the button says so and the code is selected, to copy by
  // hand. Clicking the code itself copies it too.
  const copies = new Map();  // button id → {until, copied}
  const labelCopies = () => {
    const now = Date.now();
    for (const button of document.querySelectorAll('li.account button.copy')) {
      const copy = copies.get(button.id);
      // The labels come with the button, in the tab's language.
      const label = copy && copy.until > now ? (copy.copied ? button.dataset.copied : button.dataset.failed) : button.dataset.label;
      if (button.textContent !== label) button.textContent = label;
    }
  };
  const copy = (button) => {
    const text = button.dataset.copy;
    const written = navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard'));
    const form = new URLSearchParams(new FormData(button.form));
    written.then(() => true, () => false).then((copied) => {
      copies.set(button.id, { until: Date.now() + 1500, copied });
      if (!copied) {
        const value = button.closest('li.account').querySelector('.code .value');
        if (value) getSelection().selectAllChildren(value);
      } else if (!button.hasAttribute('data-keep-counter')) {
        post('/copy', form);
      }
      labelCopies();
      setTimeout(labelCopies, 1500);
    });
  };
  document.addEventListener('click', (event) => {
    if (!event.target.closest) return;
    const button = event.target.closest('button.copy');
    const value = button ? null : event.target.closest('li.account .code .value');
    const target = button || value?.closest('li.account').querySelector('button.copy');
    if (!target) return;
    event.preventDefault();
    copy(target);
  });

})();
