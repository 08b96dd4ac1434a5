#!/usr/bin/env python3
"""Finds words a person reads that bypass an app's String Catalog.

Usage: check_literals.py APP_FOLDER CATALOG [--swiftui FOLDER] [SWIFT_FOLDER ...]

- Templates (Sources/Web/Resources/Templates/*.mustache): every run of text
  between tags, and every placeholder, aria-label, title or alt attribute,
  must be a {{#t}}key{{/t}} section or a {{value}}; the key must be in the
  catalog.
- Swift (Sources/Domain/Errors, Sources/Presentation, Sources/Web, or the
  SWIFT_FOLDERs given, relative to APP_FOLDER): every sentence-like string
  literal (a capital letter, a space, a letter; two words in lower case; or
  a value and two words) must be a key of the catalog, its interpolations
  standing for %@ or %lld. Lines that
  build developer-facing text (logs, timelines, task names, an HTTPError's
  message: a PageError's is read) and ArgumentParser's `--help` are not read.
  A literal that is meant to stay as it is says so with a trailing
  `// not localized: <why>` comment.
- SwiftUI (--swiftui FOLDER, the app package's sources): the text a view gives
  SwiftUI as a literal (Text, Button, Label, LabeledContent, Toggle, Picker,
  Section, ProgressView, TextField, SecureField, navigationTitle, alert,
  accessibilityLabel, accessibilityHint, help, a search prompt, a field's
  hint, the `title:` of an app's own view), both branches of a conditional
  of literals there, is a key of the catalog, which SwiftUI looks it up in.

Prints each finding with its file and line; exits 1 when there is one.
"""
import argparse
import json
import re
import sys
from pathlib import Path

DEVELOPER_LINES = re.compile(
    r"logbook|Logger|logger\.|\.record\(|tasks\.(run|cancel)|HTTPError\(|precondition|fatalError|"
    r"ConsoleLogbook|// not localized:|#expect|Issue\.record|snippet|"
    r"\b(help|abstract|discussion):")
# A capitalised word and another, two words in lower case ("the secret is
# missing"), or a value followed by two words ("\(file) already exists").
SENTENCE = re.compile(r"[A-Z][a-z’']*\s+\S*[A-Za-z]|^[a-z]+\s+[a-z]+|^\x00\s+[a-z]+\s+[a-z]")
LETTERS = re.compile(r"[A-Za-z\uac00-\ud7a3]")


def catalog_keys(path: Path) -> set[str]:
    return set(json.loads(path.read_text(encoding="utf-8"))["strings"].keys())


def key_pattern(key: str) -> str:
    """A key with its specifiers replaced by one marker, to compare with literals."""
    return re.sub(r"%(\d+\$)?(lld|ld|d|@)", "\x00", key.replace("%%", "%"))


def swift_literals(line: str):
    """The string literals of a line of Swift, interpolations as one marker."""
    for match in re.finditer(r'"((?:[^"\\]|\\.)*)"', line):
        text = match.group(1)
        # Interpolations (balanced parentheses) become the marker.
        out, i = "", 0
        while i < len(text):
            if text.startswith("\\(", i):
                depth, j = 1, i + 2
                while j < len(text) and depth:
                    depth += {"(": 1, ")": -1}.get(text[j], 0)
                    j += 1
                out += "\x00"
                i = j
            else:
                out += text[i]
                i += 1
        yield out


def check_swift(folder: Path, patterns: set[str], root: Path) -> list[str]:
    findings = []
    for file in sorted(folder.rglob("*.swift")):
        in_doc = False
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            stripped = line.strip()
            if stripped.startswith("//") or stripped.startswith("///") or DEVELOPER_LINES.search(line):
                continue
            for literal in swift_literals(line):
                if SENTENCE.search(literal) and literal not in patterns:
                    findings.append(f"{file.relative_to(root)}:{number}: not in the catalog: \"{literal.replace(chr(0), '%@')}\"")
    return findings


LITERAL = r'"(?:[^"\\]|\\.)*"'
SWIFTUI_TEXT = re.compile(
    r'\b(?:Text|Button|Label|LabeledContent|Toggle|Picker|Section|ProgressView|navigationTitle|alert|TextField|'
    r'SecureField|accessibilityLabel|accessibilityHint|help)'
    # The literal, or both branches of a conditional of literals (`isOn ? "A" : "B"`).
    rf'\(\s*(?:[^()"?]*\?\s*({LITERAL})\s*:\s*({LITERAL})|({LITERAL}))'
    # A labelled literal: a prompt, a hint, or the title an app's own view takes.
    rf'|(?:prompt|hint|title):\s*({LITERAL})')


def check_swiftui(folder: Path, patterns: set[str], root: Path) -> list[str]:
    findings = []
    for file in sorted(folder.rglob("*.swift")):
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip().startswith("//") or "// not localized:" in line or "verbatim:" in line:
                continue
            for match in SWIFTUI_TEXT.finditer(line):
                for literal in (text for group in match.groups() if group for text in swift_literals(group)):
                    if LETTERS.search(literal) and literal not in patterns:
                        findings.append(f"{file.relative_to(root)}:{number}: not in the catalog: \"{literal.replace(chr(0), '%@')}\"")
    return findings


def check_templates(folder: Path, keys: set[str], root: Path) -> list[str]:
    findings = []
    for file in sorted(folder.glob("*.mustache")):
        text = file.read_text(encoding="utf-8")
        for key in re.findall(r"\{\{#t\}\}(.*?)\{\{/t\}\}", text, flags=re.S):
            if key not in keys:
                findings.append(f"{file.relative_to(root)}: not in the catalog: \"{key}\"")
        bare = re.sub(r"\{\{#t\}\}.*?\{\{/t\}\}", "", text, flags=re.S)
        bare = re.sub(r"\{\{!.*?\}\}", "", bare, flags=re.S)
        bare = re.sub(r"\{\{\{?.*?\}?\}\}", "", bare, flags=re.S)
        bare = bare.replace("<keel-tab>", "").replace("<keel-token>", "")
        for attribute, value in re.findall(r'\b(placeholder|aria-label|title|alt)="([^"]*)"', bare):
            if LETTERS.search(value):
                findings.append(f"{file.relative_to(root)}: {attribute} not from the catalog: \"{value}\"")
        for chunk in re.split(r"<[^>]*>", re.sub(r"<(script|style)\b.*?</\1>", "", bare, flags=re.S)):
            words = chunk.strip()
            if words and LETTERS.search(words) and words not in ("doctype html",):
                findings.append(f"{file.relative_to(root)}: text not from the catalog: \"{words}\"")
    return findings


def main() -> int:
    parser = argparse.ArgumentParser(description="Finds words a person reads that bypass an app's String Catalog.")
    parser.add_argument("app", type=Path, help="the app's folder")
    parser.add_argument("catalog", type=Path, help="its Localizable.xcstrings")
    parser.add_argument("--swiftui", type=Path, help="the SwiftUI app package's sources")
    parser.add_argument("folders", nargs="*", help="the app's folders of Swift to read (relative to the app)",
                        default=["Sources/Domain/Errors", "Sources/Presentation", "Sources/Web"])
    arguments = parser.parse_intermixed_args()
    app = arguments.app
    keys = catalog_keys(arguments.catalog)
    patterns = {key_pattern(key) for key in keys}
    findings = check_templates(app / "Sources/Web/Resources/Templates", keys, app)
    for layer in arguments.folders:
        if not (app / layer).is_dir():
            findings.append(f"{layer}: no such folder")
            continue
        findings += check_swift(app / layer, patterns, app)
    if arguments.swiftui:
        findings += check_swiftui(arguments.swiftui, patterns, app)
    for finding in findings:
        print(finding)
    print(f"{app.name}: {len(findings)} words outside the catalog ({len(keys)} keys)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
