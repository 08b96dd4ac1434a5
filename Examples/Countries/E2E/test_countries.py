"""Browser end-to-end tests of the Countries web front-end.

Each test starts its own `countries` server (free loopback port, fresh data
directory) and its own headless Chromium windows, and stops them all at the
end, whatever happens. Run from this folder:

    COUNTRIES_BIN=../.build/debug/countries python3 -m unittest -v test_countries

or through Scripts/e2e-countries.sh, which installs what is missing first.
Screenshots of each screen go to ./artifacts/.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import time
import unittest
import urllib.request
from contextlib import closing
from pathlib import Path
from urllib.parse import unquote

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    NoAlertPresentException,
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from support import (
    ARTIFACTS,
    COUNTRIES_DIR,
    LIVE_TIMEOUT,
    PAGE_TIMEOUT,
    CountriesServer,
    FakeCountryAPI,
    countries_binary,
    free_port,
    link_quoted,
    log,
    new_driver,
    poll,
    publish_screenshot,
    quit_driver,
    screenshot,
    wait,
    wait_for,
)
from keelweb_e2e import axe_violations, choose_option, describe_violations, replay_in_swift  # on the path once support is imported

# The scripts every page loads, KeelWeb's first: no other may appear.
PAGE_SCRIPTS = ["/keel/keel.js", "/static/app.js"]

# What the page shows, read in one script so that a live update replacing the
# list in the middle cannot give a mixed answer.
READ_LIST = """
const results = document.getElementById('results');
if (!results) return null;
const text = (selector) => { const e = results.querySelector(selector); return e ? e.textContent.trim() : null; };
return {
  codes: [...results.querySelectorAll('ul.countries a[data-code]')].map(a => a.dataset.code),
  titles: [...results.querySelectorAll('section.region > h2')].map(h => h.textContent.trim()),
  grouped: results.querySelectorAll('section.region.grouped').length,
  count: text('.count'),
  error: text('.error p'),
  empty: text('.empty'),
  refreshing: !!results.querySelector('.progress'),
  retry: !!results.querySelector('button.retry'),
};
"""

READ_DETAILS = """
const details = document.getElementById('details');
if (!details) return null;
const text = (selector) => { const e = details.querySelector(selector); return e ? e.textContent.trim() : null; };
return {
  name: text('.country h1 .name'),
  flag: text('.country h1 .flag'),
  official: text('.country .official'),
  english: text('.country .english'),
  native: text('.native'),
  capital: text('.capital'),
  population: text('.population'),
  area: text('.area'),
  currencies: text('.currencies'),
  languages: text('.languages'),
  region: text('.region'),
  neighbours: [...details.querySelectorAll('.neighbours a[data-code]')].map(a => a.dataset.code),
  loading: !!details.querySelector('.loading'),
  error: text('.error p'),
  sheet: !!details.querySelector('.sheet'),
};
"""

REGIONS = {"Africa", "Americas", "Antarctic", "Asia", "Europe", "Oceania"}


class CountriesTestCase(unittest.TestCase):
    """Starts a server for each test; gives windows that are closed at the end."""

    server_options: dict = {}

    def setUp(self):
        self.server = self.start_server(**self.server_options)

    @property
    def driver(self):
        """The test's first browser window (JavaScript on), opened on first use."""
        if getattr(self, "_driver", None) is None:
            self._driver = self.new_window()
        return self._driver

    def start_server(self, **options) -> CountriesServer:
        server = CountriesServer(**options)
        self.addCleanup(server.stop)
        self.addCleanup(self._report_server_on_failure, server)
        return server.start()

    def _failed(self) -> bool:
        """Whether this test (or one of its subtests) has failed so far; read in clean-ups."""
        result = getattr(getattr(self, "_outcome", None), "result", None)
        if result is None:
            return False
        return any(test is self or getattr(test, "test_case", None) is self
                   for test, _ in [*result.failures, *result.errors])

    def _report_server_on_failure(self, server: CountriesServer):
        if self._failed():
            log(f"server (--phase {server.phase}) output, last lines:")
            for line in server.output[-25:]:
                log(f"  | {line}")

    def new_window(self, *, javascript: bool = True, language: str = "en-US"):
        driver = new_driver(javascript=javascript, language=language)
        self._windows = getattr(self, "_windows", 0) + 1
        self.addCleanup(quit_driver, driver)
        self.addCleanup(self._screenshot_on_failure, driver, self._windows)
        return driver

    def _screenshot_on_failure(self, driver, number: int):
        if self._failed():
            try:
                path = screenshot(driver, f"FAILED-{self._testMethodName}-window{number}")
                log(f"failure screenshot: {path} (at {driver.current_url})")
            except Exception:  # noqa: BLE001 - the browser may be gone
                pass

    # MARK: Helpers

    def visit(self, driver, path: str):
        driver.get(self.server.url(path))

    def read_list(self, driver) -> dict:
        try:
            return driver.execute_script(READ_LIST) or {}
        except StaleElementReferenceException:
            return {}

    def read_details(self, driver) -> dict:
        return driver.execute_script(READ_DETAILS) or {}

    def wait_for_list(self, driver, predicate=lambda state: True, timeout=PAGE_TIMEOUT, message="the list"):
        """Waits until the list shows rows and `predicate(state)` holds; returns the state."""
        def ready():
            state = self.read_list(driver)
            return state if state.get("codes") and predicate(state) else None
        return wait_for(ready, timeout, f"{message}; last seen: {self._brief(self.read_list(driver))}")

    def wait_for_details(self, driver, name: str, timeout=PAGE_TIMEOUT) -> dict:
        def ready():
            state = self.read_details(driver)
            return state if state.get("name") == name and not state.get("loading") else None
        return wait_for(ready, timeout, f"the details of {name}; last seen: {self.read_details(driver)} at {driver.current_url}")

    @staticmethod
    def _brief(state: dict) -> dict:
        state = dict(state or {})
        if "codes" in state:
            codes = state["codes"]
            state["codes"] = codes[:8] + ([f"…{len(codes)} in all"] if len(codes) > 8 else [])
        return state

    def click(self, driver, selector: str, timeout: float = PAGE_TIMEOUT):
        """Clicks the element `selector`, finding it again if a live update replaced it meanwhile."""
        problem = []

        def attempt():
            try:
                driver.find_element(By.CSS_SELECTOR, selector).click()
                return True
            except (NoSuchElementException, StaleElementReferenceException) as error:
                problem[:] = [type(error).__name__]
            except ElementClickInterceptedException as error:
                problem[:] = [error.msg.split("\n")[0]]
            return False
        wait_for(attempt, timeout, f"to click {selector} at {driver.current_url}: {problem[0] if problem else ''}")

    def assert_usable(self, driver, how: str):
        """Fails when the page shows blurred behind the veil although its window is visible."""
        self.assertEqual(driver.execute_script("return document.visibilityState"), "visible")
        if not poll(lambda: not driver.execute_script("return document.body.classList.contains('scene-hidden')"),
                    LIVE_TIMEOUT):
            self.fail(f"the page reached by {how} ({driver.current_url}) is blurred behind the veil "
                      "“Countries is in the background” (body.scene-hidden) although its window is visible: "
                      "nothing on it can be clicked")

    def is_checked(self, driver, element_id: str):
        return driver.execute_script(
            "const e = document.getElementById(arguments[0]); return e ? e.checked : null;", element_id)

    def type_search(self, driver, text: str):
        field = wait(driver).until(lambda d: d.find_element(By.ID, "search"))
        field.clear()
        field.send_keys(text)
        self.assertEqual(field.get_attribute("value"), text, "the search field did not take the text typed")

    def mark_page(self, driver):
        """Marks the page's window object: a reload loses the mark."""
        driver.execute_script("window.__e2eMarker = 1;")

    def assert_not_reloaded(self, driver):
        self.assertEqual(driver.execute_script("return window.__e2eMarker;"), 1,
                         "the page was reloaded: the update did not come live")

    def assert_no_alert(self, driver):
        with self.assertRaises(NoAlertPresentException, msg="an alert opened"):
            driver.switch_to.alert.text  # noqa: B018 - the property access is the check


class BundledTests(CountriesTestCase):
    """The offline phase: the countries of the snapshot shipped with the app."""

    def test_a_search_and_open_a_country(self):
        driver = self.driver
        self.visit(driver, "/")
        full = self.wait_for_list(driver, lambda s: s["count"] and s["count"].endswith("countries"))
        self.assertGreater(len(full["codes"]), 200)
        self.assertEqual(full["count"], f"{len(full['codes'])} countries")
        self.assertEqual(full["titles"], sorted(REGIONS), "the list is grouped by region by default")
        self.assertEqual(driver.title, "Countries · Countries")
        publish_screenshot(screenshot(driver, "list"), "countries-list.png")

        # Search as you type: the results change live, without reloading the page,
        # and so do the field's completions.
        self.mark_page(driver)
        self.type_search(driver, "south k")
        wait_for(lambda: driver.execute_script(
            "return [...document.querySelectorAll('#suggestions option')].map(o => o.value).join();") == "South Korea",
            PAGE_TIMEOUT, "the completions of “south k”: South Korea")
        self.type_search(driver, "kor")
        results = self.wait_for_list(
            driver, lambda s: len(s["codes"]) < len(full["codes"]) and {"KOR", "PRK"} <= set(s["codes"]),
            message="both Koreas among the results of “kor”")
        self.assertEqual(results["count"], f"{len(results['codes'])} countr{'y' if len(results['codes']) == 1 else 'ies'}")
        # A screen reader is told the count, not the list: one short live region.
        announced = "return document.getElementById('keel-announcer').textContent;"
        wait_for(lambda: driver.execute_script(announced) == results["count"], PAGE_TIMEOUT, "the new count in the live region")
        self.assertIsNone(driver.find_element(By.ID, "results").get_attribute("aria-live"), "the list is no live region")
        self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, "[aria-live], [role=status]")), 1,
                         "one live region on the page")
        self.assert_not_reloaded(driver)
        wait_for(lambda: "q=kor" in driver.current_url, PAGE_TIMEOUT, "the address to carry the search")
        screenshot(driver, "search-results")
        # Those results came over the live connection, the same event for every tab: the page's script filled in its own.
        tab = driver.find_element(By.TAG_NAME, "body").get_attribute("data-tab")
        self.assertNotIn("keel-tab", driver.find_element(By.ID, "results").get_attribute("innerHTML"))
        self.assertIn(f"tab={tab}", driver.find_element(By.CSS_SELECTOR, '#results a[data-code="KOR"]').get_attribute("href"))

        self.click(driver, '#results a[data-code="KOR"]')
        wait(driver).until(lambda d: "/country/KOR" in d.current_url)
        details = self.wait_for_details(driver, "South Korea")
        self.assertEqual(details["flag"], "🇰🇷")
        self.assertEqual(details["official"], "Republic of Korea")
        self.assertIn("대한민국", details["native"] or "")
        self.assertEqual(details["capital"], "Seoul")
        self.assertRegex(details["population"], r"^\d{1,3}(,\d{3})+$")
        self.assertEqual(details["area"], "98,480 km²")
        self.assertIn("South Korean won", details["currencies"])
        self.assertIn("Korean", details["languages"])
        self.assertEqual(details["neighbours"], ["PRK"])
        self.assertIsNone(details["error"])
        self.assertEqual(driver.title, "South Korea · Countries")
        screenshot(driver, "details-via-link")
        with self.subTest(check="the details page reached by a link is usable"):
            self.assert_usable(driver, "a link from the list")

        # Any language finds it: Korean, German without its umlaut's case, French.
        for text in ["한국", "südkorea", "corée"]:
            with self.subTest(search=text):
                self.visit(driver, "/")  # a new tab session, showing the whole list
                self.wait_for_list(driver, lambda s: len(s["codes"]) == len(full["codes"]))
                self.type_search(driver, text)
                found = self.wait_for_list(
                    driver, lambda s: len(s["codes"]) < len(full["codes"]) and "KOR" in s["codes"],
                    message=f"South Korea among the results of “{text}”")
                names = driver.execute_script(
                    "return [...document.querySelectorAll('#results a[data-code=KOR] .name')].map(e => e.textContent)")
                self.assertEqual(names, ["South Korea"])
                log(f"“{text}” → {found['codes']}")

        # The details page opened by its address, for the README.
        self.visit(driver, "/country/KOR")
        self.wait_for_details(driver, "South Korea")
        self.assert_usable(driver, "its address")
        publish_screenshot(screenshot(driver, "details"), "countries-details.png")

    def test_b_follow_a_neighbour(self):
        driver = self.driver
        self.visit(driver, "/country/KOR")
        self.wait_for_details(driver, "South Korea")
        self.mark_page(driver)
        self.click(driver, '#details .neighbours a[data-code="PRK"]')
        wait(driver).until(lambda d: "/country/PRK" in d.current_url)
        details = self.wait_for_details(driver, "North Korea")
        self.assert_usable(driver, "a neighbour's link")
        self.assertEqual(details["capital"], "Pyongyang")
        self.assertEqual(details["flag"], "🇰🇵")
        self.assertIn("KOR", details["neighbours"])
        self.assertIn("CHN", details["neighbours"])
        # And back: the neighbour's neighbour is South Korea again.
        self.click(driver, '#details .neighbours a[data-code="KOR"]')
        wait(driver).until(lambda d: "/country/KOR" in d.current_url)
        self.wait_for_details(driver, "South Korea")

    def test_c_settings_are_one_source_of_truth(self):
        first, second = self.driver, self.new_window()
        self.visit(first, "/")
        self.visit(second, "/")
        self.wait_for_list(first)
        initial = self.wait_for_list(second)
        grouped_at_first = bool(initial["titles"])
        self.assertTrue(grouped_at_first, "the list is grouped by region by default")
        self.assertNotEqual(
            first.find_element(By.TAG_NAME, "body").get_attribute("data-tab"),
            second.find_element(By.TAG_NAME, "body").get_attribute("data-tab"),
            "two windows must be two tab sessions")
        self.mark_page(second)

        # The first window goes to the settings by their address: this test is about the live
        # regrouping; following the links between pages is test_i's.
        self.visit(first, "/settings")
        wait_for(lambda: self.is_checked(first, "shows-region") is not None, PAGE_TIMEOUT, "the region switch")
        self.assert_usable(first, "its address")
        self.assertEqual(self.is_checked(first, "shows-region"), grouped_at_first)
        screenshot(first, "settings")

        # Off, then on again: the other window follows each time, live.
        for grouped in (not grouped_at_first, grouped_at_first):
            with self.subTest(region_switch="on" if grouped else "off"):
                self.click(first, "#shows-region")
                started = time.monotonic()
                state = self.wait_for_list(
                    second,
                    (lambda s: set(s["titles"]) == REGIONS and s["grouped"] == len(REGIONS)) if grouped
                    else (lambda s: s["titles"] == [] and s["grouped"] == 0),
                    timeout=LIVE_TIMEOUT,
                    message=f"the other window's list {'grouped by region' if grouped else 'in one section'}")
                elapsed = time.monotonic() - started
                log(f"region switch {'on' if grouped else 'off'}: the other window regrouped in {elapsed:.2f} s")
                self.assert_not_reloaded(second)
                self.assertEqual(len(state["codes"]), len(initial["codes"]))
                tags = second.execute_script("return document.querySelectorAll('#results .region-tag').length")
                if grouped:
                    self.assertEqual(state["titles"], sorted(state["titles"]))
                    self.assertEqual(tags, len(initial["codes"]), "every row shows its region")
                    screenshot(second, "list-grouped")
                else:
                    self.assertEqual(tags, 0, "no row shows its region")
                    screenshot(second, "list-flat")
                # The settings window shows the switch as it is now (its form is live too).
                wait_for(lambda: self.is_checked(first, "shows-region") == grouped, LIVE_TIMEOUT,
                         "the settings window's switch to follow")

    def test_d_deep_links(self):
        driver = self.driver
        for link, name in [
            ("keel-countries://country/KOR", "South Korea"),
            ("https://example.com/country/JPN", "Japan"),
            ("https://x/?alpha3code=FRA", "France"),
            ("KEEL-COUNTRIES://country/deu", "Germany"),
        ]:
            with self.subTest(link=link):
                self.visit(driver, "/open?url=" + link_quoted(link))
                self.wait_for_details(driver, name)
                self.assertRegex(driver.current_url, r"/country/[A-Z]{3}\?tab=")

        for link, message in [
            ("keel-countries://country/ZZZ", "The link points to ZZZ, which is not a country Countries knows."),
            ("javascript:alert(1)", "This link can't be opened in Countries."),
            ("https://example.com/country/KOREA", "This link can't be opened in Countries."),
            ("keel-countries://country/", "This link can't be opened in Countries."),
            ("not a link at all %%%", "This link can't be opened in Countries."),
            ("", "This link can't be opened in Countries."),
        ]:
            with self.subTest(link=link):
                self.visit(driver, "/open?url=" + link_quoted(link))
                shown = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".message[role=alert]"))
                self.assertEqual(shown.text.strip(), message)
                self.wait_for_list(driver)  # the list is still there, under the message
                self.assert_no_alert(driver)
                if link == "keel-countries://country/ZZZ":
                    screenshot(driver, "deep-link-message")
        self.assertEqual(self.server.health(), "ok")
        self.assertTrue(self.server.is_running())

    def test_f_hidden_page_blurs(self):
        driver = self.driver
        self.visit(driver, "/")
        self.wait_for_list(driver)
        body_hidden = "return document.body.classList.contains('scene-hidden')"
        self.assertFalse(driver.execute_script(body_hidden))
        self.mark_page(driver)

        driver.minimize_window()
        wait_for(lambda: driver.execute_script("return document.visibilityState") == "hidden", PAGE_TIMEOUT,
                 "minimising the window to hide the page")
        wait_for(lambda: driver.execute_script(body_hidden), LIVE_TIMEOUT, "the page to blur once hidden")
        wait_for(lambda: driver.execute_script(
            "return getComputedStyle(document.getElementById('content')).filter") == "blur(12px)", PAGE_TIMEOUT,
            "the content to be blurred")
        self.assertTrue(driver.execute_script(
            "return getComputedStyle(document.querySelector('.veil')).display !== 'none'"), "the veil shows")
        screenshot(driver, "blurred")

        driver.set_window_rect(0, 0, 1280, 900)
        wait_for(lambda: driver.execute_script("return document.visibilityState") == "visible", PAGE_TIMEOUT,
                 "the window to be shown again")
        wait_for(lambda: not driver.execute_script(body_hidden), LIVE_TIMEOUT, "the blur to go once shown again")
        # The blur fades out (a CSS transition): wait for its end.
        wait_for(lambda: driver.execute_script(
            "return getComputedStyle(document.getElementById('content')).filter") == "none", PAGE_TIMEOUT,
            "the content to be sharp again")
        self.assert_not_reloaded(driver)

    def test_g_search_text_is_escaped(self):
        driver = self.driver
        attack = "<script>alert(1)</script>"
        self.visit(driver, "/")
        self.wait_for_list(driver)
        self.type_search(driver, attack)
        empty = wait_for(lambda: self.read_list(driver).get("empty"), PAGE_TIMEOUT, "the no-match message")
        self.assertEqual(empty, f"No country matches “{attack}”.")
        self.assert_no_alert(driver)
        scripts = "return [...document.scripts].map(s => s.getAttribute('src'))"
        self.assertEqual(driver.execute_script(scripts), PAGE_SCRIPTS)

        # Rendered by the server too: the field's value and the message, from the address.
        self.visit(driver, "/?q=" + link_quoted(attack))
        empty = wait_for(lambda: self.read_list(driver).get("empty"), PAGE_TIMEOUT, "the no-match message")
        self.assertEqual(empty, f"No country matches “{attack}”.")
        self.assertEqual(driver.find_element(By.ID, "search").get_attribute("value"), attack)
        self.assertEqual(driver.execute_script(scripts), PAGE_SCRIPTS)
        self.assert_no_alert(driver)

        # And in a deep link's message.
        self.visit(driver, "/open?url=" + link_quoted("keel-countries://country/<b>x</b>"))
        message = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".message[role=alert]"))
        self.assertEqual(message.find_elements(By.TAG_NAME, "b"), [])
        self.assert_no_alert(driver)

    def test_h_works_without_javascript(self):
        driver = self.new_window(javascript=False)
        self.visit(driver, "/")
        full = self.wait_for_list(driver)
        self.assertGreater(len(full["codes"]), 200)

        # The search form is submitted (a GET), and the server renders the results.
        self.type_search(driver, "südkorea")
        self.click(driver, "form.search button[type=submit]")
        wait(driver).until(lambda d: "q=" in d.current_url)
        results = self.wait_for_list(driver, lambda s: "KOR" in s["codes"] and len(s["codes"]) < len(full["codes"]))
        self.assertEqual(driver.find_element(By.ID, "search").get_attribute("value"), "südkorea")
        log(f"no JavaScript, “südkorea” → {results['codes']}")
        screenshot(driver, "nojs-search-results")

        self.click(driver, '#results a[data-code="KOR"]')
        wait(driver).until(lambda d: "/country/KOR" in d.current_url)
        self.wait_for_details(driver, "South Korea")

        # A form marked for the script is a plain POST then: the page reloads with the outcome.
        self.mark_page(driver)
        self.click(driver, "#details button.show-flag")
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#details .sheet"))
        self.assertIsNone(driver.execute_script("return window.__e2eMarker;"),
                          "the page did not reload: JavaScript is not off")
        self.click(driver, "#details button.close-sheet")
        wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#details .sheet"))

        self.click(driver, '#details .neighbours a[data-code="PRK"]')
        wait(driver).until(lambda d: "/country/PRK" in d.current_url)
        self.wait_for_details(driver, "North Korea")

        # Settings: the form's Save button.
        self.click(driver, 'header nav a[href^="/settings"]')
        grouped = wait(driver).until(lambda d: d.find_element(By.ID, "shows-region")).is_selected()
        self.assertTrue(grouped, "the list is grouped by region by default")
        self.click(driver, "#shows-region")
        self.click(driver, "form.settings button[type=submit]")
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".saved"))
        self.assertFalse(driver.find_element(By.ID, "shows-region").is_selected())
        self.click(driver, 'header nav a[href^="/?tab="]')
        flat = self.wait_for_list(driver, lambda s: s["titles"] == [] and s["grouped"] == 0)
        self.assertEqual(flat["codes"], results["codes"], "the tab keeps its search")
        self.assertEqual(driver.find_element(By.ID, "search").get_attribute("value"), "südkorea")


    def test_i_pages_reached_by_links_are_usable(self):
        driver = self.driver
        self.visit(driver, "/")
        self.wait_for_list(driver)
        self.assert_usable(driver, "its address")
        for selector, page, how in [
            ('#results a[data-code="KOR"]', "/country/KOR", "a country's link in the list"),
            ('#details .neighbours a[data-code="PRK"]', "/country/PRK", "a neighbour's link"),
            ('header nav a[href^="/settings"]', "/settings", "the Settings link"),
            ('header nav a[href^="/?tab="]', "/?tab=", "the List link"),
        ]:
            self.click(driver, selector)
            wait(driver).until(lambda d: page in d.current_url)
            wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
            self.assert_usable(driver, how)

    def test_k_one_tab_stays_responsive_over_many_pages(self):
        # Pages of one tab, one after the other, as its links lead (with the tab's id).
        driver = self.driver
        self.visit(driver, "/")
        self.wait_for_list(driver)
        tab = driver.find_element(By.TAG_NAME, "body").get_attribute("data-tab")
        driver.set_page_load_timeout(10)
        pages = ["/country/KOR", "/settings", "/", "/country/PRK", "/country/JPN", "/settings", "/", "/country/FRA"]
        for number, page in enumerate(pages, start=1):
            url = self.server.url(f"{page}{'&' if '?' in page else '?'}tab={tab}")
            started = time.monotonic()
            try:
                driver.get(url)
                loaded = True
            except TimeoutException:
                loaded = False
            if not loaded:
                self.fail(f"page {number} of the tab, {page}, did not load within 10 s (seen so far: Chromium "
                          "has used up its 6 connections per host over HTTP/1.1 on the live connections "
                          "(EventSource) of the pages left before, kept open in its back/forward cache)")
            self.assertLess(time.monotonic() - started, 5, f"page {number} of the tab, {page}, loaded too slowly")


# The timeline viewer's entries, newest first: [id, text] each.
READ_TIMELINE = """
return [...document.querySelectorAll('#timeline-entries li[data-entry]')]
    .map((entry) => [Number(entry.dataset.entry), entry.textContent]);
"""


class KoreanTests(CountriesTestCase):
    """A Korean browser: the interface in Korean from its Accept-Language, and
    country names in Korean with it until the reader chooses their language."""

    KOREAN_REGIONS = {"아프리카", "아메리카", "남극", "아시아", "유럽", "오세아니아"}

    def test_m_a_korean_browser(self):
        driver = self.new_window(language="ko-KR")
        self.visit(driver, "/")
        state = self.wait_for_list(driver, lambda s: (s["count"] or "").startswith("나라 "), message="the list in Korean")
        self.assertEqual(state["count"], f"나라 {len(state['codes'])}개")
        self.assertEqual(driver.find_element(By.TAG_NAME, "html").get_attribute("lang"), "ko")
        self.assertEqual(driver.title, "나라 · 나라")
        self.assertTrue(set(state["titles"]) <= self.KOREAN_REGIONS and state["titles"], state["titles"])
        results = driver.find_element(By.ID, "results").text
        self.assertIn("한국", results, "names follow the page's language")
        self.assertNotIn("South Korea", results)
        publish_screenshot(screenshot(driver, "list-ko"), "countries-list-ko.png")

        # No match: the message in Korean, the text typed in it.
        self.type_search(driver, "atlantis")
        wait_for(lambda: self.read_list(driver).get("empty") == "“atlantis”에 맞는 나라가 없습니다.", PAGE_TIMEOUT,
                 "the Korean no-match message")

        # The details, then the settings: names in Korean, the interface still Korean.
        tab = driver.find_element(By.TAG_NAME, "body").get_attribute("data-tab")
        self.visit(driver, f"/country/KOR?tab={tab}")
        wait_for(lambda: "수도" in driver.find_element(By.ID, "details").text, PAGE_TIMEOUT, "the Korean details")
        self.assertEqual(driver.find_element(By.CSS_SELECTOR, "#details .currencies").text, "대한민국 원 (₩)",
                         "the currency named from the platform's locale data")
        self.assertEqual(driver.find_element(By.CSS_SELECTOR, "#details .name").text, "한국")
        publish_screenshot(screenshot(driver, "details-ko"), "countries-details-ko.png")
        # Names in English, chosen in the settings of a Korean page; then Korean, chosen.
        self.visit(driver, f"/settings?tab={tab}")
        self.assertEqual(Select(driver.find_element(By.ID, "language")).first_selected_option.text, "앱 언어(한국어)")
        choose_option(driver, "language", "eng")
        preview = "const p = document.querySelector('.preview'); return p ? p.textContent : '';"
        wait_for(lambda: "South Korea" in driver.execute_script(preview).partition("→")[2], LIVE_TIMEOUT, "the preview in English names")
        self.visit(driver, f"/country/KOR?tab={tab}")
        wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "#details .name").text == "South Korea", PAGE_TIMEOUT,
                 "English names in the Korean details")
        self.visit(driver, f"/settings?tab={tab}")
        choose_option(driver, "language", "kor")
        wait_for(lambda: "한국" in driver.execute_script(preview).partition("→")[2], LIVE_TIMEOUT, "the preview in Korean names")

        # The interface in English, chosen in the settings: the page reloads in English; names stay Korean.
        self.visit(driver, f"/settings?tab={tab}")
        choose_option(driver, "interface", "en")
        def page_language():
            # The page reloads meanwhile: a read during the reload finds no document.
            try:
                return driver.execute_script("return document.documentElement.lang")
            except WebDriverException:
                return None
        wait_for(lambda: page_language() == "en", PAGE_TIMEOUT, "the settings page reloaded in English")
        self.visit(driver, f"/?tab={tab}&q=")
        state = self.wait_for_list(driver, lambda s: (s["count"] or "").endswith("countries"), message="the list in English")
        self.assertIn("한국", driver.find_element(By.ID, "results").text)
        self.assertTrue(set(state["titles"]) <= REGIONS, state["titles"])

        # The choice is the browser's: a new tab of this Korean browser opens in English too.
        self.visit(driver, "/")
        self.wait_for_list(driver, lambda s: (s["count"] or "").endswith("countries"), message="a new tab in the chosen English")
        self.assertNotEqual(driver.find_element(By.TAG_NAME, "body").get_attribute("data-tab"), tab)
        self.assertEqual(driver.find_element(By.TAG_NAME, "html").get_attribute("lang"), "en")


    def test_n_no_accessibility_violation_on_any_page(self):
        """axe-core finds no violation on any page, in English and in Korean, on a phone and a desktop."""
        found = []
        for language in ("en-US", "ko-KR"):
            for width, height in ((390, 844), (1280, 800)):
                driver = self.new_window(language=language)
                driver.set_window_size(width, height)
                self.visit(driver, "/")
                self.wait_for_list(driver)
                tab = driver.find_element(By.TAG_NAME, "body").get_attribute("data-tab")
                pages = [("the list", None), ("a search without match", f"/?tab={tab}&q=atlantis"),
                         ("a country", f"/country/KOR?tab={tab}"), ("a country that does not exist", f"/country/ZZZ?tab={tab}"),
                         ("the settings", f"/settings?tab={tab}")]
                for name, path in pages:
                    if path:
                        self.visit(driver, path)
                    wait_for(lambda: driver.execute_script("return document.readyState") == "complete", PAGE_TIMEOUT, name)
                    if name == "a country":
                        self.wait_for_details(driver, "한국" if language == "ko-KR" else "South Korea")
                    found += [f"{language} {width}px, {name}: {line}" for line in describe_violations(axe_violations(driver)).splitlines()]
                    shot = {"the list": "list", "a country": "details"}.get(name)
                    if shot:
                        name_shot = f"{shot}-{language[:2]}-{width}"
                        publish_screenshot(screenshot(driver, name_shot), f"countries-{name_shot}.png")
                # The flag sheet, open.
                self.visit(driver, f"/country/KOR?tab={tab}")
                self.click(driver, "#details button.show-flag")
                wait_for(lambda: driver.execute_script("return !!document.querySelector('dialog.sheet:modal')"),
                         LIVE_TIMEOUT, "the flag sheet")
                found += [f"{language} {width}px, the flag sheet: {line}" for line in describe_violations(axe_violations(driver)).splitlines()]
        self.assertEqual(found, [], "axe-core's violations:\n" + "\n".join(found))

    def test_o_the_flag_sheet_is_a_modal(self):
        """The flag sheet takes focus, keeps Tab in it, closes with Escape, and gives focus back."""
        driver = self.new_window()
        self.visit(driver, "/country/KOR")
        self.wait_for_details(driver, "South Korea")
        show = wait(driver).until(lambda d: d.find_element(By.ID, "show-flag"))
        show.send_keys(Keys.ENTER)
        inside = "const d = document.querySelector('dialog.sheet'); return !!d && d.contains(document.activeElement);"
        wait_for(lambda: driver.execute_script(inside), LIVE_TIMEOUT, "focus in the flag sheet")
        sheet = driver.find_element(By.CSS_SELECTOR, "dialog.sheet")
        self.assertTrue(driver.execute_script("return arguments[0].matches(':modal')", sheet), "shown as a modal")
        self.assertEqual(sheet.get_attribute("aria-modal"), "true")
        for _ in range(4):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            self.assertTrue(driver.execute_script(inside), "Tab left the flag sheet")
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        wait_for(lambda: not driver.execute_script("return !!document.querySelector('dialog.sheet')"), LIVE_TIMEOUT,
                 "the flag sheet closed by Escape")
        wait_for(lambda: driver.execute_script("return document.activeElement && document.activeElement.id") == "show-flag",
                 LIVE_TIMEOUT, "focus back on the Show flag button")
        # Closed in the app's state, not only on the page: a reload shows no sheet.
        driver.refresh()
        self.wait_for_details(driver, "South Korea")
        self.assertFalse(driver.execute_script("return !!document.querySelector('dialog.sheet')"))


class TimelineTests(CountriesTestCase):
    """The server started with --timeline: its viewer at /timeline."""

    server_options = {"timeline": True}

    def test_l_the_timeline_follows_the_app_and_rewinds_it(self):
        viewer, app = self.driver, self.new_window()
        self.visit(app, "/settings")
        wait_for(lambda: self.is_checked(app, "shows-region") is not None, PAGE_TIMEOUT, "the region switch")
        grouped = self.is_checked(app, "shows-region")
        self.visit(viewer, self.server.timeline_path())
        entries = wait_for(lambda: viewer.execute_script(READ_TIMELINE), PAGE_TIMEOUT, "the timeline's first entries")
        before = entries[0][0]

        # An action in the app's tab appears in the timeline's, live: the setting's slice, old and new.
        self.click(app, "#shows-region")
        started = time.monotonic()
        entry = wait_for(
            lambda: next((e for e in viewer.execute_script(READ_TIMELINE) if e[0] > before and "settings.showsRegion" in e[1]), None),
            LIVE_TIMEOUT, "the switch in the timeline")
        log(f"timeline: the switch appeared in the viewer in {time.monotonic() - started:.2f} s")
        self.assertIn(f"{str(grouped).lower()} → {str(not grouped).lower()}", entry[1])
        screenshot(viewer, "timeline")

        # Rewind to the entry before: the app's open tab shows the switch as it was, live.
        viewer.find_element(By.CSS_SELECTOR, f"#entry-{before} summary").click()
        self.click(viewer, f"#entry-{before} form button")
        wait_for(lambda: "The app shows entry #%d." % before in (viewer.execute_script(
            "const p = document.getElementById('timeline-position'); return p ? p.textContent : ''") or ""),
            PAGE_TIMEOUT, "the viewer to say where the app is")
        wait_for(lambda: self.is_checked(app, "shows-region") == grouped, LIVE_TIMEOUT, "the app's tab rewound")
        screenshot(viewer, "timeline-rewound")

        # And forward again to the latest.
        self.click(viewer, "#timeline-position form button")
        wait_for(lambda: self.is_checked(app, "shows-region") == (not grouped), LIVE_TIMEOUT, "the app's tab forward again")

        # Rewound again, then changed in the app: what came after the rewind is
        # not lost but set aside, and the viewer shows it apart, to read.
        viewer.find_element(By.CSS_SELECTOR, f"#entry-{before} summary").click()
        self.click(viewer, f"#entry-{before} form button")
        wait_for(lambda: self.is_checked(app, "shows-region") == grouped, LIVE_TIMEOUT, "the app's tab rewound again")
        self.click(app, "#shows-region")
        branch = "const b = document.querySelector('#timeline-entries details.branch'); return b ? b.textContent : '';"
        set_aside = wait_for(lambda: viewer.execute_script(branch), PAGE_TIMEOUT * 2, "the entries set aside, in the viewer")
        self.assertIn(f"Set aside after #{before}", set_aside)
        self.assertIn("settings.showsRegion", set_aside)
        self.assertIn(f"{str(grouped).lower()} → {str(not grouped).lower()}", set_aside)
        screenshot(viewer, "timeline-branch")


    def test_p_a_session_saved_as_test_replays(self):
        """A session in the browser, saved with "Save as test": its record replays green in Swift,
        and fails at the list's loaded entry over a database that names a country otherwise."""
        app, viewer = self.driver, self.new_window()
        self.visit(app, "/")
        self.wait_for_list(app)
        self.type_search(app, "kor")
        self.wait_for_list(app, lambda s: "KOR" in s["codes"] and len(s["codes"]) < 20, message="the results of “kor”")
        self.click(app, '#results a[data-code="KOR"]')
        self.wait_for_details(app, "South Korea")
        self.click(app, "#show-flag")
        wait_for(lambda: app.execute_script("return !!document.querySelector('dialog.sheet')"), LIVE_TIMEOUT, "the flag sheet")
        ActionChains(app).send_keys(Keys.ESCAPE).perform()
        wait_for(lambda: not app.execute_script("return !!document.querySelector('dialog.sheet')"), LIVE_TIMEOUT,
                 "the flag sheet closed")
        self.click(app, 'header a[href^="/settings"]')
        wait_for(lambda: self.is_checked(app, "shows-region") is not None, PAGE_TIMEOUT, "the region switch")
        grouped = self.is_checked(app, "shows-region")
        self.click(app, "#shows-region")

        # The viewer shows the switch, then saves the session as a test, and its JSON.
        self.visit(viewer, self.server.timeline_path())
        wait_for(lambda: any("settings.showsRegion" in e[1] for e in viewer.execute_script(READ_TIMELINE) or []),
                 LIVE_TIMEOUT, "the switch in the timeline")
        save = viewer.find_element(By.LINK_TEXT, "Save as test").get_attribute("href")
        with urllib.request.urlopen(save, timeout=PAGE_TIMEOUT) as response:
            name = response.headers.get_filename()
            source = response.read().decode()
        self.assertRegex(name, r"^ReplayedSession\d{8}T\d{6}\.swift$")
        export = viewer.find_element(By.LINK_TEXT, "Export").get_attribute("href")
        with urllib.request.urlopen(export, timeout=PAGE_TIMEOUT) as response:
            record = response.read().decode()
        switch = [c for e in json.loads(record)["entries"] for c in e["changes"] if c["path"] == "settings.showsRegion"]
        self.assertEqual([(c["old"], c["new"]) for c in switch], [(str(grouped).lower(), str(not grouped).lower())])
        for screen in ("Country list in tab-", "Country details KOR in tab-", "Root in tab-", '"screen" : "Settings"'):
            self.assertIn(screen, record)
        folder = ARTIFACTS / "replay"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(source)
        (folder / "timeline.json").write_text(record)
        log(f"saved as test: {folder / name}")

        # Replayed by the Countries test target: green, then red where the list loaded.
        output = replay_in_swift(COUNTRIES_DIR, "COUNTRIES_TEST_SCRATCH", "ReplayTests/browserSession",
                                 "COUNTRIES_REPLAY_JSON", folder / "timeline.json")
        self.assertRegex(output, r'✔ Test "a session recorded in a browser[^"]*" passed', output[-3000:])


class ServerTests(CountriesTestCase):
    """The executable itself."""

    def test_j_stops_promptly_when_terminated(self):
        # A tab is open, with its live connection, when the server is told to stop.
        self.visit(self.driver, "/")
        self.wait_for_list(self.driver)
        took = self.server.terminate(timeout=5)
        if took is None:
            self.server.stop()
            self.fail("the server was still running 5 s after SIGTERM")
        log(f"the server stopped {took:.2f} s after SIGTERM")

    def test_k_refuses_a_database_a_newer_version_wrote(self):
        # The database this server made, then a newer version's migration and table in it.
        self.server.stop(keep_data=True)
        data_dir = self.server.data_dir
        database = Path(data_dir) / "countries.sqlite"
        with closing(sqlite3.connect(database)) as connection:
            connection.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v4.1')")
            connection.execute("CREATE TABLE visit (code TEXT NOT NULL)")
            connection.commit()
        found = database.read_bytes()
        for locale, cause in [
            ("C.UTF-8", "countries: cannot start: The countries on this device were saved by a newer version of Countries."),
            ("ko_KR.UTF-8", "countries: 시작할 수 없습니다: 이 기기의 나라 정보는 더 새로운 버전의 Countries가 저장했습니다."),
        ]:
            run = subprocess.run(
                [str(countries_binary()), "--host", "127.0.0.1", "--port", "0", "--data-dir", data_dir],
                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30, env={**os.environ, "LC_ALL": locale})
            self.assertNotEqual(run.returncode, 0, f"countries started on a newer version's database: {run.stdout}")
            self.assertIn(cause, run.stderr)
            log(run.stderr.strip().splitlines()[-1])
        self.assertEqual(database.read_bytes(), found, "the newer version's database was changed")
        self.assertFalse([name for name in os.listdir(data_dir) if "corrupt" in name], "the database was set aside")


class LiveTests(CountriesTestCase):
    """The live phase, against an API on loopback that is first down, then up."""

    def setUp(self):
        self.api_port = free_port()  # nothing listens there yet
        self.server_options = {"phase": "live", "api_base_url": f"http://127.0.0.1:{self.api_port}/v3.1"}
        super().setUp()

    # How long the app's web worker gives one request (CountryWebWorker's timeout): with
    # nothing listening on the API's port, AsyncHTTPClient retries the connection until
    # then, and only then is the refresh "offline".
    API_REQUEST_TIMEOUT = 15

    def wait_live_or_reload(self, driver, predicate, what: str, timeout: float = PAGE_TIMEOUT) -> dict:
        """Waits for the list state `what` to come live, without a reload. When it does not,
        records the failure and reloads the page, to check the rest of the scenario."""
        state = None
        with self.subTest(check=f"{what}: pushed to the page live"):
            state = self.wait_for_list(driver, predicate, timeout=timeout, message=f"{what}, live")
            self.assert_not_reloaded(driver)
        current = self.read_list(driver)
        if not predicate(current):
            log(f"{what} did not come live: reloading the page to go on")
            driver.refresh()
            state = self.wait_for_list(driver, predicate, message=f"{what}, after a reload")
            self.mark_page(driver)
        # Late but live (the check above recorded the lateness): the state as it is now.
        return state or current

    def test_e_refresh_fails_then_retry_succeeds(self):
        driver = self.driver
        self.visit(driver, "/")
        seeded = self.wait_for_list(driver)
        self.assertGreater(len(seeded["codes"]), 200, "the list is seeded from the bundled snapshot")
        self.assertIsNone(seeded["error"])
        self.mark_page(driver)

        self.click(driver, "#results button.refresh")
        clicked = time.monotonic()
        failed = self.wait_live_or_reload(driver, lambda s: s["error"] and not s["refreshing"], "the refresh error",
                                          timeout=self.API_REQUEST_TIMEOUT + PAGE_TIMEOUT)
        log(f"refresh error after {time.monotonic() - clicked:.1f} s (the API's port refuses: the request's timeout)")
        log(f"refresh error shown: “{failed['error']}”")
        self.assertEqual(failed["codes"], seeded["codes"], "the list is kept when the refresh fails")
        self.assertTrue(failed["retry"])
        screenshot(driver, "refresh-error")

        # The API comes up, serving South Korea with another population.
        api = FakeCountryAPI(self.api_port, overrides={"KOR": {"population": 12_345_678}}).start()
        self.addCleanup(api.stop)
        self.click(driver, "#results button.retry")
        refreshed = self.wait_live_or_reload(
            driver, lambda s: not s["error"] and not s["refreshing"] and driver.execute_script(
                "const e = document.querySelector('#results a[data-code=KOR] .population');"
                "return e && e.textContent === '12,345,678';"),
            "the refreshed list (South Korea's population from the API), without an error")
        self.assertEqual(len(refreshed["codes"]), len(seeded["codes"]))
        self.assertTrue(driver.find_elements(By.CSS_SELECTOR, "#results button.refresh"))
        screenshot(driver, "refresh-success")

        all_requests = sorted(unquote(path) for path in api.requests if path.startswith("/v3.1/all"))
        self.assertEqual(all_requests, [
            "/v3.1/all?fields=cca3,currencies,languages,borders",
            "/v3.1/all?fields=name,cca2,cca3,capital,region,subregion,population,area,flag,translations",
        ])

        # The details page's reload asks the API for the one country.
        self.visit(driver, "/country/KOR")
        self.wait_for_details(driver, "South Korea")
        self.click(driver, "#details button.reload")
        wait_for(lambda: "/v3.1/alpha/KOR" in api.requests, PAGE_TIMEOUT, "the request for /alpha/KOR")
        details = self.wait_for_details(driver, "South Korea")
        self.assertIsNone(details["error"])
        self.assertEqual(details["population"], "12,345,678")


if __name__ == "__main__":
    unittest.main(verbosity=2)
