"""Browser end-to-end tests of the Authenticator web front-end.

Each test starts its own `authenticator-web` server (a fresh vault in a
temporary data directory, free loopback port, trace-level log) behind a
recording proxy, and its own headless Chromium windows, and stops them all
at the end, whatever happens. Codes are checked against `pyotp`, an
independent implementation. After the suite, every response body, every
event-stream message and every log line of every server is searched for
every test secret (tearDownModule): any hit fails the run. Run from this folder:

    AUTHENTICATOR_WEB_BIN=../.build/debug/authenticator-web python3 -m unittest -v test_authenticator

or through Scripts/e2e-authenticator.sh, which installs what is missing first.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.support.ui import Select

from support import (
    ARTIFACTS,
    E2E_DIR,
    AuthenticatorServer,
    authenticator_binary,
    LeakScan,
    TestSecret,
    aegis_compat,
    google_migration_link,
    otpauth_link,
    screenshot,
)
from keelweb_e2e import (  # on the path once support is imported
    LIVE_TIMEOUT,
    PAGE_TIMEOUT,
    axe_violations,
    choose_option,
    describe_violations,
    free_port,
    log,
    poll,
    new_driver,
    publish_screenshot,
    replay_in_swift,
    serve_in_thread,
    stop_serving,
    QuietHandler,
    quit_driver,
    wait,
    wait_for,
)

PASSPHRASE = "correct horse battery staple"

# The timeline viewer's entries, newest first: [id, text] each.
READ_TIMELINE = """
return [...document.querySelectorAll('#timeline-entries li[data-entry]')]
    .map((entry) => [Number(entry.dataset.entry), entry.textContent]);
"""

# What the list shows, read in one script so that a live update replacing the
# rows in the middle cannot give a mixed answer.
READ_ROWS = """
const rows = document.getElementById('rows');
if (!rows) return null;
return [...rows.querySelectorAll('li.account')].map(row => ({
  id: row.dataset.id,
  title: row.querySelector('.title').textContent.trim(),
  subtitle: row.querySelector('.subtitle').textContent.trim(),
  code: row.querySelector('.code .value').textContent.replace(/\\s/g, ''),
  countdown: (row.querySelector('.countdown') || {}).textContent || null,
  counter: (row.querySelector('.counter') || {}).textContent || null,
}));
"""

def staleness_of(element):
    """Whether `element`'s page was left. Selenium's own condition lets through the
    error Chromium gives when the node is detached in the middle of the check
    ("Node with given id does not belong to the document"): that too means it was."""
    def left(_driver):
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
    return left


SCAN = LeakScan()
SCENARIOS: list[str] = []


def tearDownModule():  # noqa: N802 - unittest's name
    log(f"leak scan: {SCAN.bodies} response bodies and {SCAN.headers} responses' headers, {SCAN.messages} event-stream messages, "
        f"{SCAN.log_lines} server log lines searched for {SCAN.needles} secret forms: {len(SCAN.hits)} hits")
    log(f"the same scan found a test secret in {SCAN.found_in_requests} of the requests that sent one (so it can find them)")
    log("scenarios that ran: " + "; ".join(SCENARIOS))
    if SCAN.needles and not SCAN.found_in_requests:
        raise AssertionError("the leak scan did not even find the secrets in the requests that sent them")
    if SCAN.hits:
        raise AssertionError("secrets leaked:\n" + "\n".join(SCAN.hits))


class AuthenticatorTestCase(unittest.TestCase):
    """A server with a fresh vault, and helpers to drive its pages."""

    secrets: list[TestSecret]

    def setUp(self):
        self.secrets = []
        self.server = AuthenticatorServer().start()
        self.drivers = []

    def tearDown(self):
        for driver in self.drivers:
            quit_driver(driver)
        for server in getattr(self, "servers", [self.server]):
            server.stop()
            SCAN.scan(server, self.secrets, self.id().rsplit(".", 1)[-1])

    def secret(self) -> TestSecret:
        secret = TestSecret()
        self.secrets.append(secret)
        return secret

    def browser(self, **options):
        driver = new_driver(**options)
        self.drivers.append(driver)
        return driver

    # Pages

    def open(self, driver, path: str = "/unlock", server: AuthenticatorServer | None = None):
        driver.get((server or self.server).url(path))

    def tab(self, driver) -> str:
        return driver.find_element(By.TAG_NAME, "body").get_attribute("data-tab")

    def go(self, driver, link: str, heading: str):
        """Follows a link of the header; returns once the new page (also one of the same title) is there."""
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.CSS_SELECTOR, "header nav").find_element(By.LINK_TEXT, link).click()
        wait(driver).until(staleness_of(page), f"the page after the link {link!r}")
        self.wait_heading(driver, heading)

    def wait_heading(self, driver, heading: str, timeout: float = PAGE_TIMEOUT):
        wait_for(lambda: self.heading(driver) == heading, timeout, f"the page titled {heading!r} (shows {self.heading(driver)!r})")

    @staticmethod
    def main_text(driver) -> str | None:
        """The text of the page's main part, read in one script (a page being replaced cannot go stale under it)."""
        return driver.execute_script("const m = document.querySelector('main'); return m ? m.textContent : null;")

    @staticmethod
    def heading(driver) -> str | None:
        return driver.execute_script("const h = document.querySelector('main h1'); return h ? h.textContent.trim() : null;")

    def unlock(self, driver, passphrase: str = PASSPHRASE, *, create: bool = False):
        """Fills the unlock (or create) form and sends it; returns once the next page is there."""
        field_ = driver.find_element(By.ID, "passphrase")
        field_.clear()
        field_.send_keys(passphrase)
        if create:
            driver.find_element(By.ID, "confirmation").send_keys(passphrase)
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "submit").click()
        wait(driver).until(staleness_of(page), "the page after the unlock form")

    def create_vault(self, driver):
        self.open(driver)
        self.wait_heading(driver, "Create your vault")
        self.unlock(driver, create=True)
        wait_for(lambda: self.rows(driver) is not None, PAGE_TIMEOUT, "the account list after creating the vault")

    def rows(self, driver):
        return driver.execute_script(READ_ROWS)

    def row(self, driver, title: str):
        return next((row for row in self.rows(driver) or [] if row["title"] == title), None)

    def add_link(self, driver, link: str):
        self.go(driver, "Add", "Add an account")
        driver.find_element(By.ID, "uri").send_keys(link)
        driver.find_element(By.ID, "link-submit").click()
        wait_for(lambda: self.rows(driver) is not None, PAGE_TIMEOUT, "the list after adding a link")

    def preview_import(self, driver, format_: str, *, text: str | None = None, file: str | None = None,
                       password: str | None = None):
        """Sends the import form (on the import page) with a pasted text or a file."""
        Select(driver.find_element(By.ID, "format")).select_by_value(format_)
        if text is not None:
            driver.find_element(By.ID, "text").send_keys(text)
        if file is not None:
            driver.find_element(By.ID, "file").send_keys(file)
        if password is not None:
            driver.find_element(By.ID, "import-password").send_keys(password)
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "preview").click()
        wait(driver).until(staleness_of(page), "the page after the import form")

    def wait_row(self, driver, title: str, timeout: float = PAGE_TIMEOUT):
        return wait_for(lambda: self.row(driver, title), timeout, f"a row for {title}")

    def wait_until_not_near(self, period: int, margin: float = 2.0):
        """Waits until the current period of `period` s has `margin` s before and after it."""
        wait_for(lambda: margin <= time.time() % period <= period - margin, period, "a moment away from a boundary")

    def assert_code(self, driver, title: str, totp):
        """The row's code becomes `totp`'s for this moment (a new code may take up
        to a live update's time to arrive after a boundary)."""
        self.wait_until_not_near(totp.interval, margin=min(2.0, totp.interval / 2 - 0.5))
        def shows_the_code():
            row = self.row(driver, title)
            return row is not None and row["code"] == totp.at(time.time()) and row
        row = poll(shows_the_code, LIVE_TIMEOUT)
        if not row:
            shown = (self.row(driver, title) or {}).get("code")
            self.fail(f"{title}: the page shows {shown}, pyotp says {totp.at(time.time())}")


class VaultAndAccountTests(AuthenticatorTestCase):
    def test_a_create_add_codes_copy(self):
        """Create a vault; add by the form (errors shown, then fixed) and by a link; the
        codes equal pyotp's; they change at the period boundary without a reload; copy; HOTP."""
        driver = self.browser()
        self.open(driver)
        self.wait_heading(driver, "Create your vault")
        # Two passphrases that differ are refused, and nothing typed is shown back.
        driver.find_element(By.ID, "passphrase").send_keys(PASSPHRASE)
        driver.find_element(By.ID, "confirmation").send_keys("something else entirely")
        driver.find_element(By.ID, "submit").click()
        error = wait_for(lambda: driver.find_elements(By.ID, "unlock-error"), PAGE_TIMEOUT, "the mismatch message")[0]
        self.assertIn("differ", error.text)
        self.assertNotIn(PASSPHRASE, driver.page_source)
        self.unlock(driver, create=True)
        wait_for(lambda: self.rows(driver) is not None, PAGE_TIMEOUT, "the (empty) account list")
        self.assertEqual(self.rows(driver), [])
        # The empty list offers the two ways in.
        self.assertEqual(driver.find_element(By.ID, "empty-add").text, "Add an account")
        self.assertEqual(driver.find_element(By.ID, "empty-import").text, "Import")
        self.assertIn("/import?tab=", driver.find_element(By.ID, "empty-import").get_attribute("href"))

        # The form: each field's message next to it; what was typed (but the secret) kept.
        github = self.secret()
        self.go(driver, "Add", "Add an account")
        # The kinds as the app names them; each shows its own fields.
        kinds = Select(driver.find_element(By.ID, "kind"))
        self.assertEqual([option.text for option in kinds.options], ["Time-based", "Counter-based", "Steam"])
        shown = lambda: {name for name in ("algorithm", "digits", "period", "counter") if driver.find_element(By.ID, name).is_displayed()}
        self.assertEqual(shown(), {"algorithm", "digits", "period"})
        kinds.select_by_value("hotp")
        self.assertEqual(shown(), {"algorithm", "digits", "counter"})
        kinds.select_by_value("steam")
        self.assertEqual(shown(), set())
        kinds.select_by_value("totp")
        driver.find_element(By.ID, "issuer").send_keys("Git:Hub")
        driver.find_element(By.ID, "name").send_keys("ada@example.com")
        driver.find_element(By.ID, "secret").send_keys("JBSWY3DP EHPK3PX1")  # '1' is not Base32
        driver.find_element(By.ID, "period").clear()
        driver.find_element(By.ID, "period").send_keys("0")
        driver.find_element(By.ID, "add-submit").click()
        message = wait_for(lambda: driver.find_elements(By.ID, "secret-message"), PAGE_TIMEOUT, "the secret's message")[0]
        self.assertIn("'1'", message.text)
        self.assertTrue(driver.find_elements(By.ID, "period-message"), "the period's message")
        self.assertIn("colon", driver.find_element(By.ID, "issuer-message").text)
        self.assertEqual(driver.execute_script("return document.activeElement.id;"), "issuer", "focus on the first field in error")
        self.assertEqual(driver.find_element(By.ID, "name").get_attribute("value"), "ada@example.com")
        self.assertEqual(driver.find_element(By.ID, "secret").get_attribute("value"), "", "a secret is never sent back")
        screenshot(driver, "add-form-errors")
        driver.find_element(By.ID, "issuer").clear()
        driver.find_element(By.ID, "issuer").send_keys("GitHub")
        # Lowercase with spaces, as many services print secrets: accepted.
        spaced = " ".join(github.base32.lower()[i:i + 4] for i in range(0, len(github.base32), 4))
        driver.find_element(By.ID, "secret").send_keys(spaced)
        driver.find_element(By.ID, "period").clear()
        driver.find_element(By.ID, "period").send_keys("30")
        driver.find_element(By.ID, "add-submit").click()
        self.wait_row(driver, "GitHub")
        self.assertIn("Added GitHub", driver.find_element(By.CSS_SELECTOR, "div.message[role=status]").text, "the list says what was added")
        self.assert_code(driver, "GitHub", github.totp())
        # Enter on the favourite star: the live update replaces the row, and focus stays on the star.
        star = f"favourite-{self.row(driver, 'GitHub')['id']}"
        is_on = "const s = document.getElementById(arguments[0]); return s ? s.classList.contains('on') : null;"
        for wanted in (True, False):
            driver.find_element(By.ID, star).send_keys(Keys.ENTER)
            wait_for(lambda: driver.execute_script(is_on, star) == wanted, LIVE_TIMEOUT, f"the star {'on' if wanted else 'off'}")
            self.assertEqual(driver.execute_script("return document.activeElement.id;"), star,
                             "focus stays on the star across the live update")
        SCENARIOS.append("create a vault (mismatch refused)")
        SCENARIOS.append("add by the form: the kinds named as the app names them, each with its fields; messages by the fields, then fixed; the list says what was added")

        # By a link: a bad one is explained; a good one (a 5-second period, to see boundaries soon) added.
        self.go(driver, "Add", "Add an account")
        driver.find_element(By.ID, "uri").send_keys("otpauth://totp/Broken?secret=ABC1")
        driver.find_element(By.ID, "link-submit").click()
        self.assertTrue(wait_for(lambda: driver.find_elements(By.ID, "link-message"), PAGE_TIMEOUT, "the link's message"))
        fast = self.secret()
        driver.find_element(By.ID, "uri").send_keys(otpauth_link(fast, "Fast", "ada", period=5, digits=8, algorithm="SHA256"))
        driver.find_element(By.ID, "link-submit").click()
        self.wait_row(driver, "Fast")
        self.assert_code(driver, "Fast", fast.totp(digits=8, period=5, digest="sha256"))
        SCENARIOS.append("add by link (a bad link explained)")

        # Boundaries: the code changes without a reload, to pyotp's next code; latency measured.
        driver.execute_script("""
          window.__kept = true; window.__changes = [];
          const observe = () => {
            for (const row of document.querySelectorAll('#rows li.account')) {
              if (row.querySelector('.title').textContent.trim() !== 'Fast') continue;
              const code = row.querySelector('.code .value').textContent.replace(/\\s/g, '');
              if (code !== window.__last) { window.__changes.push([Date.now(), code]); window.__last = code; }
            }
          };
          observe();
          new MutationObserver(observe).observe(document.getElementById('rows'), {subtree: true, childList: true, characterData: true});
        """)
        wait_for(lambda: len(driver.execute_script("return window.__changes")) >= 6, 5 * 5 + PAGE_TIMEOUT,
                 "five boundaries of the 5-second account, live")
        self.assertTrue(driver.execute_script("return window.__kept === true"), "the page was reloaded")
        changes = driver.execute_script("return window.__changes")[1:]
        totp = fast.totp(digits=8, period=5, digest="sha256")
        latencies = []
        for arrived_ms, code in changes:
            boundary = (arrived_ms // 5000) * 5000
            self.assertEqual(code, totp.at(boundary / 1000), "the pushed code is pyotp's for its period")
            latencies.append(arrived_ms - boundary)
        latencies.sort()
        log(f"period boundary → new code in the tab: {len(latencies)} boundaries, median {latencies[len(latencies) // 2]} ms, "
            f"max {latencies[-1]} ms (through the recording proxy)")
        self.assertLess(latencies[-1], LIVE_TIMEOUT * 1000, "a new code came later than a live update may")
        countdown = self.row(driver, "Fast")["countdown"]
        self.assertRegex(countdown or "", r"^[1-5] s$", "the browser draws the countdown")
        SCENARIOS.append("codes equal pyotp's and change at the boundary without a reload")

        # Copy: the clipboard gets the code shown.
        driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": self.server.url(""), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        self.wait_until_not_near(30, margin=3)
        row = self.row(driver, "GitHub")
        # The label is read in the browser, not polled: the click's own listeners
        # record it, and an observer records when the row's button says Copy
        # again (recording the use re-renders the rows; the label must survive it).
        # The label changes once the clipboard took the code: the observer records the first other label and when
        # it came, then when the button says Copy again.
        driver.execute_script("""
          const id = arguments[0], selector = `li.account[data-id='${id}'] button.copy`;
          const copy = window.__copy = {label: null, clickedAt: 0, labelledAt: 0, reverted: null};
          document.addEventListener('click', (event) => {
            if (event.target.closest && event.target.closest(selector)) copy.clickedAt = Date.now();
          });
          new MutationObserver(() => {
            const button = document.querySelector(selector);
            if (!copy.clickedAt || !button) return;
            if (!copy.labelledAt && button.textContent !== 'Copy') {
              copy.label = button.textContent;
              copy.labelledAt = Date.now();
            }
            if (copy.labelledAt && copy.reverted === null && button.textContent === 'Copy')
              copy.reverted = Date.now() - copy.labelledAt;
          }).observe(document.getElementById('rows'), {subtree: true, childList: true, characterData: true});
        """, row["id"])
        clicked = time.time()
        driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.copy").click()
        copy = wait_for(lambda: (c := driver.execute_script("return window.__copy")) and c["reverted"] is not None and c,
                        LIVE_TIMEOUT + 2, "the copy button saying Copy again")
        self.assertEqual(copy["label"], "Copied", "the copy button says Copied")
        self.assertGreaterEqual(copy["reverted"], 1400, "the label Copied lasts its moment, also across a re-render of the rows")
        copied = driver.execute_async_script(
            "const done = arguments[0]; navigator.clipboard.readText().then(done, (e) => done('failed: ' + e));")
        self.assertIn(copied, {github.totp().at(clicked), github.totp().at(time.time())})
        SCENARIOS.append("copy (the clipboard holds the code)")

        # The row: the issuer's initial on a badge, the countdown as a bar too.
        self.assertEqual(driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] .initial").text, "G")
        bar = f"return document.querySelector(\"li.account[data-id='{row['id']}'] .countdown-bar > span\").style.width"
        wait_for(lambda: driver.execute_script(bar).endswith("%"), PAGE_TIMEOUT, "the countdown bar drawn")

        # Clicking the code itself copies it.
        clipboard = "const done = arguments[0]; navigator.clipboard.readText().then(done, (e) => done('failed: ' + e));"
        driver.execute_async_script("const done = arguments[0]; navigator.clipboard.writeText('').then(done, done);")
        self.wait_until_not_near(30, margin=3)
        clicked = time.time()
        driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] .code .value").click()
        copied = wait_for(lambda: driver.execute_async_script(clipboard), LIVE_TIMEOUT, "the code in the clipboard after a click on it")
        self.assertIn(copied, {github.totp().at(clicked), github.totp().at(time.time())})

        # A clipboard that refuses the code (or none at all): the button says so, and the code is selected to copy by hand.
        label = f"const b = document.querySelector(\"li.account[data-id='{row['id']}'] button.copy\"); return b ? b.textContent : null;"
        selection = "return getSelection().toString().replace(/\\s/g, '');"
        self.wait_until_not_near(30, margin=5)  # new codes at a boundary would replace the selected text
        for breaking in ("navigator.clipboard.writeText = () => Promise.reject(new Error('refused'));",
                         "Object.defineProperty(navigator, 'clipboard', {value: undefined});"):
            driver.execute_script("getSelection().removeAllRanges();" + breaking)
            driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.copy").click()
            wait_for(lambda: driver.execute_script(label) == "Could not copy", LIVE_TIMEOUT, "the button saying the copy failed")
            self.assertRegex(driver.execute_script(selection), r"^\d{6}$", "the code selected")
            wait_for(lambda: driver.execute_script(label) == "Copy", LIVE_TIMEOUT + 2, "the button saying Copy again")
        SCENARIOS.append("copy by a click on the code; a refused or missing clipboard said, the code selected")
        driver.refresh()
        wait_for(lambda: self.rows(driver), PAGE_TIMEOUT, "the list after a reload")

        # A counter-based account: hidden until asked, then pyotp's code for the counter.
        counter = self.secret()
        self.add_link(driver, otpauth_link(counter, "VPN", "ada", kind="hotp", counter=7))
        row = self.wait_row(driver, "VPN")
        self.assertNotRegex(row["code"], r"^\d+$", "a counter code is shown only when asked for")
        driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.advance").click()
        row = wait_for(lambda: (r := self.row(driver, "VPN")) and re.fullmatch(r"\d{6}", r["code"]) and r, PAGE_TIMEOUT, "the counter code")
        self.assertEqual(row["code"], counter.hotp().at(7))
        self.assertIn("8", row["counter"], "the counter moved on")
        # The code shown can be copied, without burning the next counter value.
        driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": self.server.url(""), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.copy").click()
        self.assertEqual(wait_for(lambda: (c := driver.execute_async_script(clipboard)) == counter.hotp().at(7) and c,
                                  LIVE_TIMEOUT, "the counter code in the clipboard"), counter.hotp().at(7))
        # A change after it comes back with the rows: the counter has not moved again.
        driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.favourite").click()
        wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.favourite.on"),
                 LIVE_TIMEOUT, "the star of the counter account")
        self.assertIn("8", self.row(driver, "VPN")["counter"], "copying the code shown did not make another")
        SCENARIOS.append("HOTP: next code advances the counter; the code shown copies without advancing it")

        screenshot(driver, "list")
        publish_screenshot(screenshot(driver, "list"), "authenticator-list.png")

    def test_b_wrong_passphrase_slows_down(self):
        """A wrong passphrase is said to be one; after a few, the growing delay is shown."""
        driver = self.browser()
        self.create_vault(driver)
        driver.find_element(By.ID, "lock").click()
        self.wait_heading(driver, "Unlock your vault")
        messages, delays = [], []
        for attempt in range(10):
            self.unlock(driver, f"not the passphrase {attempt}")
            wait_for(lambda: driver.find_elements(By.ID, "unlock-error"), PAGE_TIMEOUT, "the unlock message")
            messages.append(driver.find_element(By.ID, "unlock-error").text)
            delay = re.search(r"Try again in (\d+) second", messages[-1])
            if delay:
                delays.append(int(delay.group(1)))
                if len(delays) >= 2:
                    break
                # Not a wait for state: the delay itself is what is tested, a duration the
                # server enforces (an early try would count as one more failure).
                time.sleep(delays[-1])
        self.assertIn("does not unlock", messages[0])
        self.assertEqual(len(delays), 2, f"two delays were not shown: {messages}")
        self.assertGreater(delays[1], delays[0], "the delay grows")
        self.assertTrue(all(PASSPHRASE not in message and "not the passphrase" not in message for message in messages))
        time.sleep(delays[-1])  # the last delay the page gave, as above
        self.unlock(driver)
        wait_for(lambda: self.rows(driver) is not None, PAGE_TIMEOUT, "the list after the delay")
        log(f"unlock messages: {messages}")
        SCENARIOS.append(f"wrong passphrases: the message, then delays {delays}")


    def test_g_works_without_javascript(self):
        """Without JavaScript: forms still work, and the list reloads itself when its codes change."""
        driver = self.browser(javascript=False)
        self.create_vault(driver)
        fast = self.secret()
        self.add_link(driver, otpauth_link(fast, "Fast", "ada", period=5))
        totp = fast.totp(period=5)
        page = driver.find_element(By.TAG_NAME, "html")
        shown = self.wait_row(driver, "Fast")["code"]
        self.assertIn(shown, {totp.at(time.time()), totp.at(time.time() - 5)})
        # The page reloads itself at the period's end, with the next code.
        wait(driver, 5 + PAGE_TIMEOUT).until(staleness_of(page), "the page reloading itself")
        row = self.wait_row(driver, "Fast")
        self.assertIn(row["code"], {totp.at(time.time()), totp.at(time.time() - 5)})
        # Without a script nothing can put a code on the clipboard: no Copy is offered, no page says a
        # code was copied, and the code is there to select.
        copies = driver.find_elements(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.copy")
        self.assertTrue(copies, "the row has its copy button, for a page with script")
        self.assertFalse(any(button.is_displayed() for button in copies), "no Copy without a script")
        self.assertNotIn("Copied the code.", self.main_text(driver) or "")
        SCENARIOS.append("without JavaScript: forms work, the list reloads itself at the period's end, no Copy is offered")

    def test_h_other_host_names_refused(self):
        """A Host naming another server (a page that pointed its own name at 127.0.0.1: DNS
        rebinding) is refused before any page; the server's own addresses are served."""
        def status(host: str) -> int:
            connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=PAGE_TIMEOUT)
            try:
                connection.request("GET", "/unlock", headers={"Host": host})
                response = connection.getresponse()
                response.read()
                return response.status
            finally:
                connection.close()
        for host in (f"attacker.example:{self.server.port}", "attacker.example", f"127.0.0.1.nip.io:{self.server.port}"):
            self.assertEqual(status(host), 421, host)
        for host in (f"127.0.0.1:{self.server.port}", f"localhost:{self.server.port}"):
            self.assertLess(status(host), 400, host)
        SCENARIOS.append("a Host naming another server is refused (421)")


class ImportExportTests(AuthenticatorTestCase):
    def test_c_import_google_and_aegis(self):
        """Google's export link and an encrypted Aegis file: previews with invalid and
        duplicate entries, the chosen ones applied, codes equal pyotp's."""
        driver = self.browser()
        self.create_vault(driver)
        existing = self.secret()
        self.add_link(driver, otpauth_link(existing, "Existing", "ada"))

        google_new, google_eight = self.secret(), self.secret()
        link = google_migration_link([
            {"secret": google_new.raw, "name": "ada@example.com", "issuer": "Google One"},
            {"secret": existing.raw, "name": "ada", "issuer": "Existing"},                 # duplicate
            {"secret": b"", "name": "nobody", "issuer": "Empty"},                          # invalid: no secret
            {"secret": google_eight.raw, "name": "ada", "issuer": "Eight", "digits": 2},
        ])
        self.go(driver, "Import", "Import")
        self.preview_import(driver, "googleMigration", text=link)
        summary = wait_for(lambda: driver.find_elements(By.ID, "preview-summary"), PAGE_TIMEOUT, "the preview")[0].text
        self.assertIn("2 new, 1 already in the vault, 1 invalid", summary)
        statuses = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "table.preview td.status")]
        self.assertEqual(sorted(statuses), ["duplicate", "invalid", "new", "new"])
        reason = driver.find_element(By.CSS_SELECTOR, "tr.status-invalid td.reason").text
        self.assertTrue(reason, "an invalid entry says why")
        screenshot(driver, "import-preview-google")
        driver.find_element(By.ID, "apply").click()
        wait_for(lambda: driver.find_elements(By.ID, "import-summary"), PAGE_TIMEOUT, "the import summary")
        SCENARIOS.append("import a Google migration link (preview: new, duplicate, invalid)")

        # An encrypted Aegis vault written by the independent Python implementation.
        aegis_new = self.secret()
        accounts = [
            {"type": "totp", "issuer": "Aegis Bank", "name": "ada", "note": "", "secret": aegis_new.base32,
             "algo": "SHA512", "digits": 8, "period": 60, "groups": ["money"]},
            {"type": "totp", "issuer": "Google One", "name": "ada@example.com", "note": "", "secret": google_new.base32,
             "algo": "SHA1", "digits": 6, "period": 30, "groups": []},                     # duplicate
            {"type": "totp", "issuer": "Broken", "name": "ada", "note": "", "secret": "NOT1BASE32",
             "algo": "SHA1", "digits": 6, "period": 30, "groups": []},                     # invalid
        ]
        folder = tempfile.mkdtemp(prefix="authenticator-e2e-files-")
        self.addCleanup(shutil.rmtree, folder, True)
        path = f"{folder}/backup.aegis.json"
        with open(path, "w", encoding="utf-8") as file:
            json.dump(aegis_compat.encrypt(accounts, "an export password"), file)
        self.go(driver, "Import", "Import")
        self.preview_import(driver, "aegis", file=path, password="a wrong password")
        error = wait_for(lambda: driver.find_elements(By.ID, "import-error"), PAGE_TIMEOUT, "the wrong password's message")[0]
        self.assertIn("password", error.text)
        self.preview_import(driver, "aegis", file=path, password="an export password")
        summary = wait_for(lambda: driver.find_elements(By.ID, "preview-summary"), PAGE_TIMEOUT, "the Aegis preview")[0].text
        self.assertIn("1 new, 1 already in the vault, 1 invalid", summary)
        reason = driver.find_element(By.CSS_SELECTOR, "tr.status-invalid td.reason").text
        self.assertIn("'1'", reason)
        publish_screenshot(screenshot(driver, "import-preview"), "authenticator-import-preview.png")
        driver.find_element(By.ID, "apply").click()
        wait_for(lambda: driver.find_elements(By.ID, "import-summary"), PAGE_TIMEOUT, "the import summary")
        SCENARIOS.append("import an encrypted Aegis file (a wrong password said; preview: new, duplicate, invalid)")

        driver.find_element(By.LINK_TEXT, "Accounts").click()
        wait_for(lambda: self.rows(driver) and len(self.rows(driver)) == 4, PAGE_TIMEOUT, "four accounts")
        self.assert_code(driver, "Google One", google_new.totp())
        self.assert_code(driver, "Eight", google_eight.totp(digits=8))
        self.assert_code(driver, "Aegis Bank", aegis_new.totp(digits=8, period=60, digest="sha512"))

    def test_d_export_into_a_second_server(self):
        """The encrypted Aegis export of one server, imported into another, gives the same codes."""
        downloads = tempfile.mkdtemp(prefix="authenticator-e2e-downloads-")
        self.addCleanup(shutil.rmtree, downloads, True)
        driver = self.browser(downloads=downloads)
        self.create_vault(driver)
        first, second = self.secret(), self.secret()
        self.add_link(driver, otpauth_link(first, "First", "ada"))
        self.add_link(driver, otpauth_link(second, "Second", "ada", digits=8, algorithm="SHA512"))
        self.go(driver, "Export", "Export")
        # The form shows the chosen format's fields: a password for an Aegis vault, the confirmation for a plain file.
        shown = lambda: [e.get_attribute("id") for e in driver.find_elements(By.CSS_SELECTOR, "#export-form input, #export-form select") if e.is_displayed()]  # noqa: E731
        self.assertEqual(shown(), ["export-format", "export-password", "export-confirmation", "export-passphrase"])
        # A plain format is refused without the confirmation.
        Select(driver.find_element(By.ID, "export-format")).select_by_value("otpauthText")
        self.assertEqual(shown(), ["export-format", "confirms-plain", "export-passphrase"])
        driver.find_element(By.ID, "export-passphrase").send_keys(PASSPHRASE)
        driver.find_element(By.ID, "export").click()
        wait_for(lambda: driver.find_elements(By.ID, "export-error"), PAGE_TIMEOUT, "the confirmation's message")
        self.assertNotIn(PASSPHRASE, driver.page_source, "the passphrase typed is not shown back")
        # The vault's passphrase is asked again: a wrong one exports nothing.
        Select(driver.find_element(By.ID, "export-format")).select_by_value("aegis")
        driver.find_element(By.ID, "export-password").send_keys("export password 42")
        driver.find_element(By.ID, "export-confirmation").send_keys("export password 42")
        driver.find_element(By.ID, "export-passphrase").send_keys("not the vault's passphrase")
        driver.find_element(By.ID, "export").click()
        wait_for(lambda: "does not unlock the vault" in driver.page_source, PAGE_TIMEOUT, "the wrong passphrase's message")
        self.assertEqual([f for f in os.listdir(downloads) if f.endswith(".json")], [], "nothing exported")
        Select(driver.find_element(By.ID, "export-format")).select_by_value("aegis")
        driver.find_element(By.ID, "export-password").send_keys("export password 42")
        driver.find_element(By.ID, "export-confirmation").send_keys("export password 42")
        driver.find_element(By.ID, "export-passphrase").send_keys(PASSPHRASE)
        driver.find_element(By.ID, "export").click()
        # The page says how many accounts the file holds, and what was typed is gone; the file downloads once.
        summary = wait_for(lambda: driver.find_elements(By.ID, "ready-summary"), PAGE_TIMEOUT, "the export written")[0]
        self.assertEqual(summary.text, "2 accounts written. Download the file to keep it.")
        publish_screenshot(screenshot(driver, "export-ready"), "authenticator-export-ready.png")
        self.assertEqual([driver.find_element(By.ID, f).get_attribute("value") for f in ("export-password", "export-confirmation", "export-passphrase")],
                         ["", "", ""], "what was typed is cleared")
        driver.find_element(By.ID, "download").click()
        wait_for(lambda: driver.find_element(By.ID, "ready-summary").text.startswith("Downloaded."), PAGE_TIMEOUT, "the page saying the file went")
        self.assertFalse(driver.find_element(By.ID, "download").is_displayed(), "offered once")
        exported = wait_for(lambda: [f for f in os.listdir(downloads) if f.endswith(".json")],
                            PAGE_TIMEOUT, "the downloaded vault")
        path = f"{downloads}/{exported[0]}"
        with open(path, encoding="utf-8") as file:
            vault = json.load(file)
        self.assertIn("slots", vault["header"], "the export is an encrypted Aegis vault")
        SCENARIOS.append("export an encrypted Aegis vault (plain refused unconfirmed, a wrong vault passphrase refused)")

        other = AuthenticatorServer().start()
        self.servers = [self.server, other]
        browser2 = self.browser()
        self.open(browser2, server=other)
        self.wait_heading(browser2, "Create your vault")
        self.unlock(browser2, "another vault's passphrase", create=True)
        wait_for(lambda: self.rows(browser2) is not None, PAGE_TIMEOUT, "the second vault's list")
        self.go(browser2, "Import", "Import")
        self.preview_import(browser2, "aegis", file=path, password="export password 42")
        summary = wait_for(lambda: browser2.find_elements(By.ID, "preview-summary"), PAGE_TIMEOUT, "the preview")[0].text
        self.assertIn("2 new", summary)
        browser2.find_element(By.ID, "apply").click()
        wait_for(lambda: browser2.find_elements(By.ID, "import-summary"), PAGE_TIMEOUT, "the summary")
        browser2.find_element(By.LINK_TEXT, "Accounts").click()
        wait_for(lambda: self.rows(browser2) and len(self.rows(browser2)) == 2, PAGE_TIMEOUT, "two accounts")
        driver.find_element(By.LINK_TEXT, "Accounts").click()
        wait_for(lambda: self.rows(driver), PAGE_TIMEOUT, "the first server's list")
        self.wait_until_not_near(30)
        expected = {"First": first.totp(), "Second": second.totp(digits=8, digest="sha512")}

        def same_codes():
            now = time.time()
            here = {row["title"]: row["code"] for row in self.rows(driver) or []}
            there = {row["title"]: row["code"] for row in self.rows(browser2) or []}
            wanted = {title: totp.at(now) for title, totp in expected.items()}
            return here == there == wanted
        wait_for(same_codes, LIVE_TIMEOUT, "both servers showing pyotp's codes for the same accounts")
        SCENARIOS.append("import the export into a second server: the same codes")

    def test_j_automatic_backups(self):
        """Backups turned on in the settings: one at once and one after each change, each an
        encrypted Aegis vault that the independent decryptor opens; a failed one shows on every page."""
        folder = tempfile.mkdtemp(prefix="authenticator-e2e-backups-")
        self.addCleanup(lambda: shutil.rmtree(folder, True) if os.path.isdir(folder) else os.remove(folder))
        password = "backups password 7"
        driver = self.browser()
        self.create_vault(driver)
        first = self.secret()
        self.add_link(driver, otpauth_link(first, "First", "ada"))
        self.go(driver, "Settings", "Settings")
        driver.find_element(By.ID, "backup-enabled").click()
        driver.find_element(By.ID, "backup-folder").send_keys(folder)
        kept = driver.find_element(By.ID, "backup-kept")
        kept.clear()
        kept.send_keys("3")
        driver.find_element(By.ID, "backup-password").send_keys(password)
        driver.find_element(By.ID, "backup-confirmation").send_keys(password)
        driver.find_element(By.ID, "backup-save").click()
        wait_for(lambda: "Last backup: " in (self.main_text(driver) or ""), PAGE_TIMEOUT, "the first backup's status")
        self.assertNotIn(password, driver.page_source, "the password typed is not shown back")
        screenshot(driver, "backups")
        second = self.secret()
        self.add_link(driver, otpauth_link(second, "Second", "ada"))

        def backups():
            return sorted(name for name in os.listdir(folder) if name.startswith("authenticator-backup-"))
        # The change's backup is written after its answer: it comes within moments.
        wait_for(lambda: len(backups()) >= 2, PAGE_TIMEOUT, "the backup after the change")
        self.assertEqual(len(backups()), 2, "one backup at once, one after the change")
        with open(os.path.join(folder, backups()[-1]), encoding="utf-8") as file:
            accounts = aegis_compat.canonical(aegis_compat.decrypt(json.load(file), password))
        self.assertEqual(sorted((account["issuer"], account["secret"]) for account in accounts),
                         [("First", first.base32), ("Second", second.base32)])
        SCENARIOS.append("automatic backups: one per change, opened by an independent decryptor")

        # The folder becomes a file: the change stands, and every page says the backup failed.
        shutil.rmtree(folder)
        with open(folder, "w", encoding="utf-8") as file:
            file.write("in the way")
        third = self.secret()
        self.add_link(driver, otpauth_link(third, "Third", "ada"))
        # The backup fails after the change's answer: the next page says so.
        wait_for(lambda: driver.refresh() or "The automatic backup failed" in driver.page_source, PAGE_TIMEOUT,
                 "the failed backup's warning")
        self.go(driver, "Export", "Export")
        self.assertIn("The automatic backup failed", driver.page_source)
        SCENARIOS.append("a failed backup shown on every page")


class LiveTests(AuthenticatorTestCase):
    def test_q_search_filter_and_sort_as_you_type_favourites_on_top(self):
        """Search, filter and sort apply as the reader types or chooses, without a reload and without
        the forms' buttons; favourites stay on top in every order."""
        driver = self.browser()
        self.create_vault(driver)
        for issuer in ("GitHub", "Proton", "Amazon"):
            self.add_link(driver, otpauth_link(self.secret(), issuer, "ada"))
            self.wait_row(driver, issuer)
        titles = lambda: [row["title"] for row in self.rows(driver) or []]  # noqa: E731
        proton = self.row(driver, "Proton")
        driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{proton['id']}'] button.favourite").click()
        wait_for(lambda: titles()[:1] == ["Proton"], LIVE_TIMEOUT, f"the favourite on top (shows {titles()})")
        self.assertEqual(titles(), ["Proton", "GitHub", "Amazon"], "favourites first, then the custom order")
        driver.execute_script("window.__e2eMarker = 1;")
        self.assertFalse(any(button.is_displayed() for button in driver.find_elements(By.CSS_SELECTOR, ".toolbar button")),
                         "the Show and Sort buttons are for pages without script")

        search = driver.find_element(By.ID, "search")
        search.send_keys("git")
        wait_for(lambda: titles() == ["GitHub"], LIVE_TIMEOUT, f"the rows as typed (shows {titles()})")
        self.assertIn("q=git", driver.current_url, "the address keeps the search for a reload")
        search.send_keys(Keys.BACKSPACE * 3)
        wait_for(lambda: len(titles()) == 3, LIVE_TIMEOUT, f"every row again (shows {titles()})")
        choose_option(driver, "filter", "favourites")
        wait_for(lambda: titles() == ["Proton"], LIVE_TIMEOUT, f"the favourites as chosen (shows {titles()})")
        choose_option(driver, "filter", "all")
        wait_for(lambda: len(titles()) == 3, LIVE_TIMEOUT, f"every row again (shows {titles()})")
        choose_option(driver, "order", "issuer")
        wait_for(lambda: titles() == ["Proton", "Amazon", "GitHub"], LIVE_TIMEOUT, f"sorted by issuer, the favourite on top (shows {titles()})")
        self.assertEqual(driver.execute_script("return window.__e2eMarker;"), 1, "the page was reloaded")
        driver.refresh()
        wait_for(lambda: titles() == ["Proton", "Amazon", "GitHub"], PAGE_TIMEOUT, "the same after a reload")
        SCENARIOS.append("search, filter and sort as you type or choose, no reload; favourites on top in every order")

    def test_s_edit_delete_with_undo_and_reorder(self):
        """An account is edited (names, tags, note), deleted and brought back with Undo, and moved in the
        custom order with its row's buttons: the move without a reload, focus left on the button pressed."""
        driver = self.browser()
        self.create_vault(driver)
        for issuer in ("GitHub", "Proton", "Amazon"):
            self.add_link(driver, otpauth_link(self.secret(), issuer, "ada"))
            self.wait_row(driver, issuer)
        titles = lambda: [row["title"] for row in self.rows(driver) or []]  # noqa: E731
        self.assertEqual(titles(), ["GitHub", "Proton", "Amazon"])
        driver.execute_script("window.__e2eMarker = 1;")
        amazon = self.row(driver, "Amazon")["id"]
        driver.find_element(By.ID, f"move-up-{amazon}").click()
        wait_for(lambda: titles() == ["GitHub", "Amazon", "Proton"], LIVE_TIMEOUT, f"Amazon moved up (shows {titles()})")
        self.assertEqual(driver.execute_script("return window.__e2eMarker;"), 1, "the move reloaded the page")
        wait_for(lambda: driver.execute_script("return document.activeElement.id") == f"move-up-{amazon}", LIVE_TIMEOUT,
                 f"focus on the button pressed (on {driver.execute_script('return document.activeElement.id')!r})")
        driver.find_element(By.ID, f"move-up-{amazon}").send_keys(Keys.ENTER)
        wait_for(lambda: titles() == ["Amazon", "GitHub", "Proton"], LIVE_TIMEOUT, f"Amazon first (shows {titles()})")
        self.assertFalse(driver.find_element(By.ID, f"move-up-{amazon}").is_enabled(), "the first row cannot move up")
        # Those rows came over the live connection, the same event for every tab: the page's script filled in its own.
        rows_html = driver.find_element(By.ID, "rows").get_attribute("innerHTML")
        self.assertNotIn("keel-tab", rows_html)
        self.assertNotIn("keel-token", rows_html)
        self.assertIn(f"tab={self.tab(driver)}", driver.find_element(By.ID, f"edit-{amazon}").get_attribute("href"))

        # Edit: the names, tags and note; the list says so.
        github = self.row(driver, "GitHub")["id"]
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, f"edit-{github}").click()
        wait(driver).until(staleness_of(page), "the edit page")
        self.wait_heading(driver, "Edit the account")
        for field_id, text in (("issuer", "GitHub Enterprise"), ("tags", "work, code"), ("note", "Recovery codes in the safe")):
            element = driver.find_element(By.ID, field_id)
            element.clear()
            element.send_keys(text)
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "edit-submit").click()
        wait(driver).until(staleness_of(page), "the list after saving")
        wait_for(lambda: self.row(driver, "GitHub Enterprise"), PAGE_TIMEOUT, "the row under its new name")
        self.assertIn("Saved GitHub Enterprise (ada).", driver.find_element(By.CSS_SELECTOR, ".message").text)
        tags = driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{github}'] .tags").text
        self.assertEqual(tags, "work, code")
        self.open(driver, f"/edit?tab={self.tab(driver)}&id={github}")
        self.assertEqual(driver.find_element(By.ID, "note").get_attribute("value"), "Recovery codes in the safe")

        # A mistake is said beside the field, which has focus.
        issuer = driver.find_element(By.ID, "issuer")
        issuer.clear()
        issuer.send_keys("Git:Hub")
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "edit-submit").click()
        wait(driver).until(staleness_of(page), "the edit page with its error")
        self.assertIn("colon", driver.find_element(By.ID, "names-message").text)
        self.assertEqual(driver.execute_script("return document.activeElement.id"), "issuer", "focus on the field in error")

        # Delete, then Undo from the list.
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "delete-submit").click()
        wait(driver).until(staleness_of(page), "the list after the delete")
        wait_for(lambda: self.rows(driver) is not None and len(titles()) == 2, PAGE_TIMEOUT, f"two rows (shows {titles()})")
        self.assertIn("Deleted GitHub Enterprise (ada).", driver.find_element(By.CSS_SELECTOR, ".message").text)
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "undo").click()
        wait(driver).until(staleness_of(page), "the list after Undo")
        wait_for(lambda: titles() == ["Amazon", "GitHub Enterprise", "Proton"], PAGE_TIMEOUT, f"the account back in its place (shows {titles()})")
        self.assertIn("Brought back GitHub Enterprise (ada).", driver.find_element(By.CSS_SELECTOR, ".message").text)
        self.assertFalse(driver.find_elements(By.ID, "undo"), "Undo brings back once")
        SCENARIOS.append("edit names, tags and note; delete and Undo; move up in the custom order without a reload")

    def test_e_two_tabs_live_add_lock_and_auto_lock(self):
        """An account added in one tab appears in the other; locking (by hand, then
        by idleness) sends both tabs to the unlock page at once."""
        driver = self.browser()
        self.create_vault(driver)
        driver.switch_to.new_window("window")
        self.open(driver, "/")
        wait_for(lambda: self.rows(driver) is not None, PAGE_TIMEOUT, "the list in the second tab")
        windows = driver.window_handles
        self.assertEqual(len(windows), 2)
        second_tab = self.tab(driver)
        driver.switch_to.window(windows[0])
        self.assertNotEqual(self.tab(driver), second_tab, "each tab is its own session")

        added = self.secret()
        self.add_link(driver, otpauth_link(added, "Live", "ada"))
        driver.switch_to.window(windows[1])
        started = time.monotonic()
        wait_for(lambda: self.row(driver, "Live"), LIVE_TIMEOUT, "the account added in the other tab, live")
        log(f"an account added in one tab showed in the other in {time.monotonic() - started:.2f} s")
        self.assert_code(driver, "Live", added.totp())
        SCENARIOS.append("an account added in one tab appears live in the other")

        driver.switch_to.window(windows[0])
        driver.find_element(By.ID, "lock").click()
        self.wait_heading(driver, "Unlock your vault")
        driver.switch_to.window(windows[1])
        self.wait_heading(driver, "Unlock your vault", LIVE_TIMEOUT)
        self.assertNotIn("Live", self.main_text(driver))
        SCENARIOS.append("lock now: both tabs show the unlock page")

        # Auto-lock after a minute without use.
        self.unlock(driver)
        wait_for(lambda: self.rows(driver), PAGE_TIMEOUT, "the list after unlocking")
        driver.switch_to.window(windows[0])
        self.open(driver, "/settings")
        self.wait_heading(driver, "Settings")
        Select(driver.find_element(By.ID, "auto-lock")).select_by_value("1")
        # Saving is the last use of the vault (reading the list is not one).
        saved_at = time.monotonic()
        driver.find_element(By.ID, "save").click()
        wait_for(lambda: "Saved." in (self.main_text(driver) or ""), PAGE_TIMEOUT, "the settings saved")
        self.open(driver, "/")
        wait_for(lambda: self.rows(driver), PAGE_TIMEOUT, "the list")
        driver.switch_to.window(windows[1])
        self.wait_heading(driver, "Unlock your vault", 60 + 10 + PAGE_TIMEOUT)
        idle = time.monotonic() - saved_at
        driver.switch_to.window(windows[0])
        self.wait_heading(driver, "Unlock your vault", LIVE_TIMEOUT)
        log(f"auto-lock after a minute: both tabs on the unlock page {idle:.0f} s after the last use")
        self.assertGreaterEqual(idle, 55, "locked before a minute without use")
        SCENARIOS.append("auto-lock after a minute: both tabs show the unlock page")


    def test_l_an_account_added_by_the_command_line_appears_live(self):
        """With a tab open and unlocked, `authenticator add` on the same data directory
        (another process) adds an account: it appears in the tab through the live
        connection the page already has, without a reload."""
        driver = self.browser()
        self.create_vault(driver)
        driver.execute_script("window.keelNotReloaded = true;")
        added = self.secret()
        command = authenticator_binary().parent / "authenticator"
        folder = tempfile.mkdtemp(prefix="authenticator-e2e-cli-")
        try:
            link_file = os.path.join(folder, "link.txt")
            passphrase_file = os.path.join(folder, "passphrase.txt")
            with open(link_file, "w") as file:
                file.write(otpauth_link(added, "FromCLI", "ada") + "\n")
            with open(passphrase_file, "w") as file:
                file.write(PASSPHRASE + "\n")
            outcome = subprocess.run(
                [str(command), "add", link_file, "--data-dir", self.server.data_dir, "--passphrase-file", passphrase_file],
                capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
            added_at = time.monotonic()
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        self.assertEqual(outcome.returncode, 0, outcome.stderr)
        self.assertIn("Added FromCLI (ada)", outcome.stdout)
        wait_for(lambda: self.row(driver, "FromCLI"), LIVE_TIMEOUT, "the account the command line added, live")
        log(f"an account added by the command line showed in the open tab {time.monotonic() - added_at:.2f} s after the command ended")
        self.assertTrue(driver.execute_script("return window.keelNotReloaded === true;"), "the tab was not reloaded")
        self.assert_code(driver, "FromCLI", added.totp())
        SCENARIOS.append("an account added by the command line appears live in an open tab")

    def test_k_a_second_browser_sees_the_unlock_page(self):
        """The vault open in one browser is not open to another (a second profile,
        without the first one's cookie): it gets the unlock page, opens the vault for
        itself only with the passphrase, and its lock leaves the first browser in."""
        first = self.browser()
        self.create_vault(first)
        added = self.secret()
        self.add_link(first, otpauth_link(added, "Private", "ada"))
        second = self.browser()
        self.open(second, "/")
        self.wait_heading(second, "Unlock your vault")
        self.assertNotIn("Private", second.page_source)
        for path in ("/export", "/settings", f"/?tab={self.tab(first)}"):
            self.open(second, path)
            self.wait_heading(second, "Unlock your vault")
        self.assertNotIn("Private", second.page_source)
        self.assertIsNotNone(self.row(first, "Private"), "the first browser is still in")
        SCENARIOS.append("a second browser profile sees the unlock page while the vault is open in the first")

        self.unlock(second)
        self.wait_row(second, "Private")
        second.find_element(By.ID, "lock").click()
        self.wait_heading(second, "Unlock your vault")
        self.open(first, "/")
        self.wait_row(first, "Private")
        SCENARIOS.append("the second browser unlocks with the passphrase; its lock leaves the first browser in")

    def test_o_a_cookie_another_port_collects_opens_nothing(self):
        """Cookies are per host, not per port: a server another user runs on 127.0.0.1
        collects the owner's cookie when the owner's browser loads its page (an image
        on it included). Replayed, the cookie gets the unlock page on every route, and
        its tab's copy, lock and resume change nothing; the owner's new tab is let in
        by the key its script kept, which another port cannot read."""
        driver = self.browser()
        self.create_vault(driver)
        added = self.secret()
        self.add_link(driver, otpauth_link(added, "Private", "ada"))
        owner_row = self.wait_row(driver, "Private")
        owner_tab = self.tab(driver)

        collected: list[dict[str, str]] = []

        class Collector(QuietHandler):
            def do_GET(self):  # noqa: N802
                collected.append({"path": self.path, **{key.lower(): value for key, value in self.headers.items()}})
                body = b'<!doctype html><title>elsewhere</title><img src="/pixel.png" alt="">'
                self.send_response(200)
                self.send_header("Content-Type", "text/html" if self.path == "/" else "image/png")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        collector = serve_in_thread(free_port(), Collector)
        try:
            driver.get(f"http://127.0.0.1:{collector.server_address[1]}/")
            wait_for(lambda: any("pixel" in request["path"] for request in collected), PAGE_TIMEOUT, "the other port's image request")
        finally:
            stop_serving(collector)
        cookies = {request.get("cookie") for request in collected if request.get("cookie")}
        self.assertEqual(len(cookies), 1, f"the other port got the cookie (it does: cookies are per host): {collected}")
        cookie = cookies.pop()
        self.assertIn("keel-browser=", cookie)

        proxy_port = int(self.server.url("/").split(":")[2].split("/")[0])

        def replay(method: str, path: str, fields: dict[str, str] | None = None) -> tuple[int, str, str]:
            connection = http.client.HTTPConnection("127.0.0.1", proxy_port, timeout=PAGE_TIMEOUT)
            try:
                body = urllib.parse.urlencode(fields).encode() if fields is not None else None
                headers = {"Cookie": cookie}
                if body is not None:
                    headers["Content-Type"] = "application/x-www-form-urlencoded"
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                return response.status, response.getheader("Location") or "", text
            finally:
                connection.close()

        code = owner_row["code"]
        answers = []
        status, location, _ = replay("GET", "/")
        self.assertEqual((status, location.split("?")[0]), (303, "/unlock"))
        status, _, page = replay("GET", location)
        answers.append(page)
        self.assertEqual(status, 200)
        tab = re.search(r'data-tab="([0-9a-f]+)"', page).group(1)
        token = re.search(r'data-token="([0-9a-f]+)"', page).group(1)
        self.assertNotIn("data-browser-key", page)
        for path in ("/", "/add", "/import", "/export", "/settings"):
            status, location, page = replay("GET", f"{path}?tab={tab}")
            answers.append(page)
            self.assertEqual((status, location.split("&")[0]), (303, f"/unlock?tab={tab}"), path)
        status, _, page = replay("GET", f"/events?tab={tab}&page=list&max=1")
        answers.append(page)
        self.assertIn(f"data: /unlock?tab={tab}", page)
        form = {"tab": tab, "token": token}
        for path, fields in (("/copy", {"id": owner_row["id"]}), ("/favourite", {"id": owner_row["id"], "value": "true"}),
                             ("/sort", {"order": "issuer"}), ("/list", {"q": "git", "filter": "favourites"}),
                             ("/add/link", {"uri": "otpauth://totp/X?secret=JBSWY3DPEHPK3PXP"}),
                             ("/export", {"format": "otpauthText", "confirmsPlain": "1", "passphrase": "a guess"}),
                             ("/export/download", {}),
                             ("/settings", {"timeOffset": "0", "autoLock": "0", "order": "issuer"}),
                             ("/passphrase", {"current": "a guess", "new": "another guess", "confirmation": "another guess"})):
            status, location, page = replay("POST", path, {**form, **fields})
            answers.append(page)
            self.assertEqual((status, location), (303, f"/unlock?tab={tab}"), path)
        status, _, _ = replay("POST", "/unlock/resume", {**form, "key": "0" * 32})
        self.assertEqual(status, 401)
        status, _, _ = replay("POST", "/lock", form)
        self.assertEqual(status, 303)
        # Nothing the other port received names the owner's tab (no Referer, no URL):
        # the id that reaches that tab, with the cookie, never leaves the origin.
        self.assertFalse(any(owner_tab in str(request) for request in collected), collected)
        self.assertTrue(all("Private" not in answer and code not in answer for answer in answers))

        # The owner's tab is still open; a new tab of the owner's browser is let in by its key.
        self.open(driver, f"/?tab={owner_tab}")
        self.wait_row(driver, "Private")
        driver.switch_to.new_window("tab")
        self.open(driver, "/")
        self.wait_row(driver, "Private")
        self.assertNotEqual(self.tab(driver), owner_tab)
        SCENARIOS.append("a cookie another port collected opens nothing on any route; the owner's new tab resumes by its key")

    def test_m_the_timeline_follows_the_app_and_rewinds_it(self):
        """Started with --timeline: an account added in one tab appears in the timeline's
        page (its secret redacted: the leak scan reads every page and event the proxy
        carried); a rewind takes it out of the open tab's list, and forward brings it back."""
        self.server.stop()
        self.server = AuthenticatorServer(timeline=True).start()
        app, viewer = self.browser(), self.browser()
        self.create_vault(app)
        self.open(viewer, self.server.timeline_path())
        entries = wait_for(lambda: viewer.execute_script(READ_TIMELINE), PAGE_TIMEOUT, "the timeline's first entries")
        before = entries[0][0]

        added = self.secret()
        self.add_link(app, otpauth_link(added, "Timeline", "ada"))
        self.wait_row(app, "Timeline")
        started = time.monotonic()
        wait_for(lambda: any(entry[0] > before and "Timeline" in entry[1] for entry in viewer.execute_script(READ_TIMELINE)),
                 LIVE_TIMEOUT, "the account in the timeline")
        log(f"timeline: the added account appeared in the viewer {time.monotonic() - started:.2f} s after the list showed it")
        screenshot(viewer, "timeline")

        viewer.find_element(By.CSS_SELECTOR, f"#entry-{before} summary").click()
        viewer.find_element(By.CSS_SELECTOR, f"#entry-{before} form button").click()
        wait_for(lambda: self.rows(app) is not None and self.row(app, "Timeline") is None, LIVE_TIMEOUT,
                 "the account gone from the open tab after the rewind")
        wait_for(lambda: viewer.find_elements(By.CSS_SELECTOR, "#timeline-position form button"), PAGE_TIMEOUT,
                 "the viewer's button forward to the latest")
        viewer.find_element(By.CSS_SELECTOR, "#timeline-position form button").click()
        self.wait_row(app, "Timeline", LIVE_TIMEOUT)
        SCENARIOS.append("--timeline: an add appears in the timeline's page, secret redacted; rewind and forward move the open tab")

        # Without the key the server printed, the timeline does not exist: not for
        # another program on the machine, not for a form posted from elsewhere.
        for path in ("/timeline", "/timeline/export", "/timeline/live?max=1", "/timeline?key=" + "0" * 32):
            with self.assertRaises(urllib.error.HTTPError, msg=path) as refused:
                urllib.request.urlopen(self.server.url(path), timeout=PAGE_TIMEOUT)
            self.assertEqual(refused.exception.code, 404, path)
        request = urllib.request.Request(self.server.url("/timeline/move"), data=b"key=guess&to=0", method="POST")
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=PAGE_TIMEOUT)
        self.assertEqual(refused.exception.code, 404)
        self.wait_row(app, "Timeline")

        # After a lock, no rewind opens the vault again or shows its accounts.
        app.find_element(By.ID, "lock").click()
        self.wait_heading(app, "Unlock your vault")
        self.open(viewer, self.server.timeline_path())
        wait_for(lambda: viewer.find_elements(By.CSS_SELECTOR, f"#entry-{before} form button"), PAGE_TIMEOUT,
                 "the entry to rewind to after the lock")
        viewer.find_element(By.CSS_SELECTOR, f"#entry-{before} summary").click()
        viewer.find_element(By.CSS_SELECTOR, f"#entry-{before} form button").click()
        wait_for(lambda: viewer.find_elements(By.CSS_SELECTOR, "#timeline-position form button"), PAGE_TIMEOUT,
                 "the viewer rewound")
        self.open(app, "/")
        self.wait_heading(app, "Unlock your vault")
        self.assertNotIn("Timeline", app.page_source)
        with urllib.request.urlopen(self.server.url("/"), timeout=PAGE_TIMEOUT) as response:
            self.assertNotIn("Timeline", response.read().decode())
        SCENARIOS.append("--timeline: only with the key the server printed; a rewind after a lock leaves the vault locked")

    def test_r_a_session_saved_as_test_never_holds_a_secret_and_replays(self):
        """Started with --timeline: create a vault, add an account, favour it, copy its code, lock.
        "Save as test" and the export hold the session's events but neither the account's secret
        nor the passphrase (the leak scan reads them too); the test target replays the record."""
        self.server.stop()
        self.server = AuthenticatorServer(timeline=True).start()
        driver = self.browser()
        self.create_vault(driver)
        secret = self.secret()
        self.add_link(driver, otpauth_link(secret, "Replay", "ada"))
        row = self.wait_row(driver, "Replay")
        driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.favourite").click()
        wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.favourite.on"),
                 LIVE_TIMEOUT, "the star on")
        driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.copy").click()
        wait_for(lambda: "Copied" in (self.main_text(driver) or "") or driver.find_elements(
            By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.copy.copied"), LIVE_TIMEOUT, "the code copied")
        driver.find_element(By.ID, "lock").click()
        self.wait_heading(driver, "Unlock your vault")

        viewer = self.server.timeline_path()
        with urllib.request.urlopen(self.server.url(viewer.replace("/timeline?", "/timeline/test?")), timeout=PAGE_TIMEOUT) as response:
            name = response.headers.get_filename()
            source = response.read().decode()
        with urllib.request.urlopen(self.server.url(viewer.replace("/timeline?", "/timeline/export?")), timeout=PAGE_TIMEOUT) as response:
            record = response.read().decode()
        folder = ARTIFACTS / "replay"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(source)
        (folder / "timeline.json").write_text(record)
        log(f"saved as test: {folder / name}")
        for text in (source, record):
            self.assertNotIn(secret.base32, text)
            self.assertNotIn(PASSPHRASE, text)
        for screen in ("Unlock", "Scene in tab-", "Account link in tab-", "Account list in tab-"):
            self.assertIn(screen, record)

        # Replayed by the Authenticator's test target: green, then red where the account was added.
        output = replay_in_swift(E2E_DIR.parent, "AUTHENTICATOR_TEST_SCRATCH", "ReplayTests/browserSession",
                                 "AUTHENTICATOR_REPLAY_JSON", folder / "timeline.json")
        self.assertRegex(output, r'✔ Test "a session recorded in a browser[^"]*" passed', output[-3000:])
        SCENARIOS.append("--timeline: Save as test and the export hold the session, never its secret or passphrase; "
                         "the test target replays it, and fails where an importer reads links otherwise")

    def test_i_a_restart_sends_open_tabs_to_unlock(self):
        """After the server restarts (its sessions gone, the vault locked), an open
        tab's live connection is refused and the tab reloads itself onto the unlock page."""
        driver = self.browser()
        self.create_vault(driver)
        driver.execute_script("window.__kept = true;")
        self.server.restart()
        self.wait_heading(driver, "Unlock your vault", PAGE_TIMEOUT + 10)
        self.assertFalse(driver.execute_script("return window.__kept === true"), "the tab did not reload")
        self.unlock(driver)
        wait_for(lambda: self.rows(driver) is not None, PAGE_TIMEOUT, "the list after unlocking the restarted server")
        SCENARIOS.append("after a server restart, an open tab reloads itself onto the unlock page")


class KoreanTests(AuthenticatorTestCase):
    """A Korean browser: the interface in Korean from its Accept-Language, then
    in English, chosen in the settings for its tab."""

    @staticmethod
    def page_language(driver) -> str | None:
        """The page's language, or None while it reloads (a read then finds no document)."""
        try:
            return driver.execute_script("return document.documentElement.lang")
        except WebDriverException:
            return None

    @staticmethod
    def read(driver, selector: str) -> str | None:
        """The text of the first `selector`, read in one script (a live update cannot make it stale)."""
        try:
            return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null;", selector)
        except WebDriverException:
            return None

    def add_link_ko(self, driver, link: str, title: str):
        self.go(driver, "추가", "계정 추가")
        driver.find_element(By.ID, "uri").send_keys(link)
        driver.find_element(By.ID, "link-submit").click()
        return self.wait_row(driver, title)

    def test_n_a_korean_browser(self):
        driver = self.browser(language="ko-KR")
        self.open(driver)
        self.wait_heading(driver, "보관함 만들기")
        self.assertEqual(self.page_language(driver), "ko")
        self.assertEqual(driver.title, "보관함 만들기 · Authenticator")

        # A Domain message in Korean: two passphrases that differ.
        driver.find_element(By.ID, "passphrase").send_keys(PASSPHRASE)
        driver.find_element(By.ID, "confirmation").send_keys("something else entirely")
        driver.find_element(By.ID, "submit").click()
        wait_for(lambda: self.read(driver, "#unlock-error"), PAGE_TIMEOUT, "the mismatch message")
        self.assertEqual(self.read(driver, "#unlock-error"), "두 암호 문구가 다릅니다. 같은 암호 문구를 두 번 입력하세요.")
        self.unlock(driver, create=True)
        wait_for(lambda: self.read(driver, "#rows p.empty") == "아직 계정이 없습니다. 서비스의 QR 코드나 설정 키로 계정을 추가하거나, 다른 앱에서 가져오세요.",
                 PAGE_TIMEOUT, "the empty list's Korean message")
        self.assertEqual(driver.title, "계정 · Authenticator")
        SCENARIOS.append("Korean: create a vault (mismatch message in Korean), the empty list in Korean")

        # The form's messages in Korean, by their fields.
        self.go(driver, "추가", "계정 추가")
        driver.find_element(By.ID, "issuer").send_keys("Git:Hub")
        driver.find_element(By.ID, "add-submit").click()
        wait_for(lambda: self.read(driver, "#issuer-message") == "서비스 이름에는 쌍점(“:”)을 쓸 수 없습니다.", PAGE_TIMEOUT,
                 "the issuer's message in Korean")
        self.assertEqual(self.read(driver, "#secret-message"), "서비스가 보여 주는 비밀 키를 입력하세요(영문자 A–Z와 숫자 2–7).")
        driver.find_element(By.ID, "uri").send_keys("otpauth://totp/Broken?secret=ABC1")
        driver.find_element(By.ID, "link-submit").click()
        message = wait_for(lambda: self.read(driver, "#link-message"), PAGE_TIMEOUT, "the link's message")
        self.assertTrue(message.startswith("이 계정은 추가할 수 없습니다: ") and "Base32" in message, message)

        # Two accounts (one named in Hangul, one with a 5-second period to see live codes soon).
        naver, fast = self.secret(), self.secret()
        self.add_link_ko(driver, otpauth_link(naver, "네이버", "김하나"), "네이버")
        self.add_link_ko(driver, otpauth_link(fast, "GitHub", "hana@example.com", period=5), "GitHub")
        self.assert_code(driver, "네이버", naver.totp())
        nav = driver.find_element(By.CSS_SELECTOR, "header nav").text
        for word in ("계정", "추가", "가져오기", "내보내기", "설정", "지금 잠그기"):
            self.assertIn(word, nav)
        self.assertEqual(driver.find_element(By.ID, "search").get_attribute("placeholder"), "검색")

        # Copy: the button's labels stay Korean, also when recording the use re-renders the rows.
        driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": self.server.url(""), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        driver.execute_script("""
          const labels = window.__labels = new Set();
          const record = () => document.querySelectorAll('#rows button.copy').forEach((b) => labels.add(b.textContent));
          record();
          new MutationObserver(record).observe(document.getElementById('rows'), {subtree: true, childList: true, characterData: true});
        """)
        row = self.row(driver, "네이버")
        driver.find_element(By.CSS_SELECTOR, f"li.account[data-id='{row['id']}'] button.copy").click()
        wait_for(lambda: "복사됨" in driver.execute_script("return [...window.__labels]"), LIVE_TIMEOUT, "the label 복사됨")
        wait_for(lambda: self.read(driver, f"li.account[data-id='{row['id']}'] button.copy") == "복사", LIVE_TIMEOUT + 2,
                 "the label 복사 again")
        self.assertEqual(set(driver.execute_script("return [...window.__labels]")), {"복사", "복사됨"})
        SCENARIOS.append("Korean: the form's messages in Korean; add by links, codes equal pyotp's, copy labels in Korean")

        # The settings in Korean: show the next code (its label stays Korean when new codes come live).
        tab = self.tab(driver)
        self.go(driver, "설정", "설정")
        driver.find_element(By.ID, "shows-next").click()
        driver.find_element(By.ID, "save").click()
        wait_for(lambda: self.read(driver, "main p.summary") == "저장했습니다.", PAGE_TIMEOUT, "the Korean saved message")
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.CSS_SELECTOR, "header nav").find_element(By.LINK_TEXT, "계정").click()
        wait(driver).until(staleness_of(page), "the list after the settings")
        wait_for(lambda: (r := self.row(driver, "GitHub")) and r["code"], PAGE_TIMEOUT, "the list again")
        driver.execute_script("window.__kept = true;")
        first = self.read(driver, f"li.account[data-id='{self.row(driver, 'GitHub')['id']}'] .code .value")
        wait_for(lambda: (self.row(driver, "GitHub") or {}).get("code") not in (None, first.replace(" ", "")), 5 + LIVE_TIMEOUT,
                 "a new code of the 5-second account, live")
        self.assertTrue(driver.execute_script("return window.__kept === true"), "the page was reloaded")
        nexts = driver.execute_script("return [...document.querySelectorAll('#rows .next')].map((n) => n.textContent)")
        self.assertTrue(nexts and all(re.fullmatch(r"다음 [\d ]+", n) for n in nexts), nexts)
        countdown = self.row(driver, "GitHub")["countdown"]
        self.assertRegex(countdown or "", r"^[1-5]초$", "the countdown's unit in Korean")

        # No match: the message in Korean, with what was typed.
        self.open(driver, f"/?tab={tab}&q=zzz")
        wait_for(lambda: self.read(driver, "#rows p.empty") == "“zzz”에 맞는 계정이 없습니다.", PAGE_TIMEOUT, "the Korean no-match message")
        self.open(driver, f"/?tab={tab}&q=")
        wait_for(lambda: len(self.rows(driver) or []) == 2, PAGE_TIMEOUT, "both rows again")
        publish_screenshot(screenshot(driver, "list-ko"), "authenticator-list-ko.png")
        SCENARIOS.append("Korean: the settings saved in Korean, the next code's label live, the no-match message")

        # Edit, delete and Undo, in Korean.
        naver_id = self.row(driver, "네이버")["id"]
        self.open(driver, f"/edit?tab={tab}&id={naver_id}")
        self.wait_heading(driver, "계정 편집")
        driver.find_element(By.ID, "tags").send_keys("업무")
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "edit-submit").click()
        wait(driver).until(staleness_of(page), "the list after saving")
        wait_for(lambda: "저장했습니다" in (self.read(driver, ".message") or ""), PAGE_TIMEOUT, "the Korean saved message")
        self.assertEqual(self.read(driver, f"li.account[data-id='{naver_id}'] .tags"), "업무")
        self.open(driver, f"/edit?tab={tab}&id={naver_id}")
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "delete-submit").click()
        wait(driver).until(staleness_of(page), "the list after the delete")
        wait_for(lambda: "삭제했습니다" in (self.read(driver, ".message") or ""), PAGE_TIMEOUT, "the Korean deleted message")
        self.assertEqual(self.read(driver, "#undo"), "실행 취소")
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "undo").click()
        wait(driver).until(staleness_of(page), "the list after Undo")
        wait_for(lambda: self.row(driver, "네이버"), PAGE_TIMEOUT, "네이버 back")
        self.assertIn("복원했습니다", self.read(driver, ".message") or "")
        # The export in Korean: the plain file's confirmation for a plain format; the count written.
        self.open(driver, f"/export?tab={tab}")
        self.wait_heading(driver, "내보내기")
        Select(driver.find_element(By.ID, "export-format")).select_by_value("otpauthText")
        self.assertFalse(driver.find_element(By.ID, "export-password").is_displayed(), "no password for a plain format")
        driver.find_element(By.ID, "confirms-plain").click()
        driver.find_element(By.ID, "export-passphrase").send_keys(PASSPHRASE)
        driver.find_element(By.ID, "export").click()
        wait_for(lambda: self.read(driver, "#ready-summary") == "계정 2개를 파일에 담았습니다. 내려받아 보관하세요.", PAGE_TIMEOUT,
                 "the Korean count of the export")
        SCENARIOS.append("Korean: edit, delete and Undo; the export's fields and count in Korean")

        # The interface in English, chosen in the settings: the tab keeps it, whatever the browser asks for.
        self.go(driver, "설정", "설정")
        choose_option(driver, "interface-language", "en")
        driver.find_element(By.ID, "save").click()
        wait_for(lambda: self.page_language(driver) == "en", PAGE_TIMEOUT, "the settings page in English")
        self.wait_heading(driver, "Settings")
        self.assertEqual(self.read(driver, "main p.summary"), "Saved.")
        self.open(driver, f"/?tab={tab}")
        wait_for(lambda: self.read(driver, "#rows button.copy") == "Copy", PAGE_TIMEOUT, "the list in English")
        self.assertEqual(self.page_language(driver), "en")
        self.assertIn("Accounts", driver.find_element(By.CSS_SELECTOR, "header nav").text)
        self.assertEqual(driver.title, "Accounts · Authenticator")
        # The choice is the browser's: a new tab of this Korean browser speaks English too.
        self.open(driver, "/")
        wait_for(lambda: self.page_language(driver) == "en", PAGE_TIMEOUT, "a new tab in the English chosen in another")
        self.assertNotEqual(driver.find_element(By.TAG_NAME, "body").get_attribute("data-tab"), tab)
        SCENARIOS.append("Korean browser: the interface switched to English in a tab's settings, and in a new tab")


class AccessibilityTests(AuthenticatorTestCase):
    # What a contrast ratio is (WCAG 2's relative luminance), worked out in the page from computed colours.
    CONTRAST = """
const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
const luminance = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
return ratio(arguments[0], arguments[1]);
"""

    def contrast(self, driver, foreground: str, background: str) -> float:
        return driver.execute_script(self.CONTRAST, foreground, background)

    def test_p_no_accessibility_violation_on_any_page(self):
        """axe-core finds no violation on any page, in English and in Korean, on a phone and a desktop;
        the star, the fields' borders and the primary button under the pointer have the contrast WCAG asks."""
        found = []

        def check(driver, where: str):
            wait_for(lambda: driver.execute_script("return document.readyState") == "complete", PAGE_TIMEOUT, where)
            found.extend(f"{where}: {line}" for line in describe_violations(axe_violations(driver)).splitlines())

        for language, names in (("en-US", ("Add", "Import", "Export", "Settings")), ("ko-KR", ("추가", "가져오기", "내보내기", "설정"))):
            for width, height in ((390, 844), (1280, 800)):
                where = f"{language} {width}px"
                driver = self.browser(language=language)
                driver.set_window_size(width, height)
                self.open(driver)
                if language == "en-US" and width == 390:
                    check(driver, f"{where}, the create page")
                    self.unlock(driver, create=True)
                    wait_for(lambda: self.rows(driver) is not None, PAGE_TIMEOUT, "the list after creating the vault")
                    check(driver, f"{where}, the empty list")
                    self.add_link(driver, otpauth_link(self.secret(), "GitHub", "ada@example.com"))
                    self.wait_row(driver, "GitHub")
                else:
                    check(driver, f"{where}, the unlock page")
                    self.unlock(driver)
                    wait_for(lambda: self.rows(driver), PAGE_TIMEOUT, "the list after unlocking")
                if not driver.find_elements(By.CSS_SELECTOR, "button.favourite.on"):
                    driver.find_element(By.CSS_SELECTOR, "button.favourite").click()
                    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "button.favourite.on"), LIVE_TIMEOUT, "the favourite star")
                check(driver, f"{where}, the list")
                shot = f"{language[:2]}-{width}"
                publish_screenshot(screenshot(driver, f"list-{shot}"), f"authenticator-list-{shot}.png")
                tab = self.tab(driver)
                github = self.row(driver, "GitHub")["id"]
                for path, name in (("/add", names[0]), ("/import", names[1]), ("/export", names[2]), ("/settings", names[3])):
                    self.open(driver, f"{path}?tab={tab}")
                    check(driver, f"{where}, {path}")
                    if path in ("/add", "/export"):
                        publish_screenshot(screenshot(driver, f"{path[1:]}-{shot}"), f"authenticator-{path[1:]}-{shot}.png")
                self.open(driver, f"/edit?tab={tab}&id={github}")
                check(driver, f"{where}, /edit")
                publish_screenshot(screenshot(driver, f"edit-{shot}"), f"authenticator-edit-{shot}.png")
                # The import's preview: one new account, one already in the vault, one that cannot be read.
                self.open(driver, f"/import?tab={tab}")
                links = [otpauth_link(self.secret(), "Proton", "ada@proton.me"), otpauth_link(self.secrets[0], "GitHub", "ada@example.com"),
                         "otpauth://totp/Broken?secret=not-base32!"]
                self.preview_import(driver, "otpauthText", text="\n".join(links))
                wait_for(lambda: driver.find_elements(By.ID, "preview-summary"), PAGE_TIMEOUT, "the import's preview")
                check(driver, f"{where}, the import's preview")
                if width == 390:
                    # Cards on a phone: no table columns, no cell cut off.
                    cells = ("return [...document.querySelectorAll('table.preview td')].filter(c => c.childNodes.length)"
                             ".map(c => [getComputedStyle(c).display, c.scrollWidth <= c.clientWidth + 1])")
                    found_cells = driver.execute_script(cells)
                    self.assertTrue(found_cells and all(display == "block" and fits for display, fits in found_cells),
                                    f"{where}: the import's preview as cards: {found_cells}")
                publish_screenshot(screenshot(driver, f"import-preview-{shot}"), f"authenticator-import-preview-{shot}.png")
                # Forms with their errors.
                self.open(driver, f"/add?tab={tab}")
                driver.find_element(By.ID, "link-submit").click()
                wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "[aria-invalid=true]"), PAGE_TIMEOUT, "the link form's error")
                check(driver, f"{where}, the link form with its error")
                if width == 1280:
                    self.open(driver, f"/?tab={tab}")
                    wait_for(lambda: self.rows(driver), PAGE_TIMEOUT, "the list")
                    self.check_contrast(driver, where)
                    self.check_countdown_words(driver, language)
                driver.find_element(By.ID, "lock").click()
                wait_for(lambda: driver.find_elements(By.ID, "passphrase"), LIVE_TIMEOUT, "the unlock page after locking")
        self.assertEqual(found, [], "axe-core's violations:\n" + "\n".join(found))

    def check_contrast(self, driver, where: str):
        style = "return getComputedStyle(arguments[0])[arguments[1]]"
        star = driver.find_element(By.CSS_SELECTOR, "button.favourite.on")
        self.assertGreaterEqual(self.contrast(driver, driver.execute_script(style, star, "color"), "rgb(255, 255, 255)"), 3,
                                f"{where}: the favourite star against the card")
        field = driver.find_element(By.ID, "search")
        self.assertGreaterEqual(self.contrast(driver, driver.execute_script(style, field, "borderTopColor"), "rgb(255, 255, 255)"), 3,
                                f"{where}: the search field's border")
        self.open(driver, f"/add?tab={self.tab(driver)}")
        button = driver.find_element(By.ID, "link-submit")
        ActionChains(driver).move_to_element(button).perform()
        wait_for(lambda: driver.execute_script("return arguments[0].matches(':hover')", button), PAGE_TIMEOUT, "the pointer on the button")
        # The colours as computed are the colours shown only without a filter (a brightness filter lightened it).
        self.assertEqual(driver.execute_script(style, button, "filter"), "none", f"{where}: a filter on the button under the pointer")
        colours = [driver.execute_script(style, button, name) for name in ("color", "backgroundColor")]
        self.assertGreaterEqual(self.contrast(driver, *colours), 4.5, f"{where}: the primary button under the pointer ({colours})")
        self.open(driver, f"/?tab={self.tab(driver)}")
        wait_for(lambda: self.rows(driver), PAGE_TIMEOUT, "the list")

    def check_countdown_words(self, driver, language: str):
        """The countdown reads as words ("11 seconds left"), where the eye reads "11 s"."""
        words = "const w = document.querySelector('.countdown-words'); return w ? w.textContent : '';"
        pattern = r"^\d+ seconds? left$" if language == "en-US" else r"^\d+초 남음$"
        wait_for(lambda: re.match(pattern, driver.execute_script(words)), PAGE_TIMEOUT, f"the countdown in words ({driver.execute_script(words)!r})")
        countdown = driver.find_element(By.CSS_SELECTOR, ".countdown")
        self.assertEqual(countdown.get_attribute("aria-hidden"), "true", "the short form is not read as well")


class MainJobTests(unittest.TestCase):
    def test_f_demo_phase(self):
        """The main job's demo phase: sample accounts, unlocked by the passphrase it prints."""
        server = AuthenticatorServer(phase="demo").start()
        driver = new_driver()
        try:
            driver.get(server.url("/"))
            wait_for(lambda: driver.find_elements(By.ID, "passphrase"), PAGE_TIMEOUT, "the unlock page")
            driver.find_element(By.ID, "passphrase").send_keys(server.demo_passphrase())
            driver.find_element(By.ID, "submit").click()
            rows = wait_for(lambda: driver.execute_script(READ_ROWS), PAGE_TIMEOUT, "the sample accounts")
            self.assertGreaterEqual(len(rows), 4)
            self.assertTrue(all(re.fullmatch(r"\d{6,8}", row["code"]) for row in rows if row["countdown"] is not None))
            SCENARIOS.append("the demo phase: unlocked by the printed passphrase, sample codes shown")
        finally:
            quit_driver(driver)
            server.stop()


    def test_h_port_in_use(self):
        """A second server on a port in use says so and exits non-zero, without a trace."""
        server = AuthenticatorServer(phase="demo").start()
        try:
            second = subprocess.run(
                [str(server.binary), "--phase", "demo", "--port", str(server.port)],
                capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
            self.assertNotEqual(second.returncode, 0)
            self.assertIn(f"127.0.0.1:{server.port} is already in use", second.stderr)
            self.assertIn("--port", second.stderr)
            self.assertEqual(server.health(), "ok", "the first server still serves")
            SCENARIOS.append("a second server on a port in use says so and exits non-zero")
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
