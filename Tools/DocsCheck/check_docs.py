"""Checks that the docs' code samples are compiled code.

Every Swift code block of the README, the docs folder, the DocC catalogs
and the doc comments of the kit (Sources/Keel, Sources/KeelTesting) must
follow a marker naming a slice of a Swift file that the build compiles:

    <!-- snippet: Examples/ReadingList/Sources/Domain/Book.swift#book -->
    ```swift
    …the lines between `// snippet.book` and `// snippet.end` in that file…
    ```

(in a doc comment, the same lines after `///`). The block must equal the
slice, whitespace at line ends and common indentation aside; the file is
built and tested by CI, so a sample that does not compile fails CI. Within
a slice, lines between `// snippet.hide` and `// snippet.show` are left out
of the sample (setup a reader does not need).

Korean: each English article of a catalog has a Korean one of the same
name (docs/ko/<Catalog>.docc/), and docs/README.ko.md goes with README.md;
each pair must show the same samples, in the same order.

Usage: check_docs.py ROOT [--update]   (prints what it checked; exits 1 on a
problem; --update first rewrites every marked sample from its slice, for a
writer who changed the code)
"""
import glob
import os
import re
import sys

ROOT = sys.argv[1]
UPDATE = "--update" in sys.argv[2:]
MARKER = re.compile(r"<!--\s*snippet:\s*([^#\s]+)#([\w-]+)\s*-->")
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
problems = []


def dedent(lines):
    lines = [line.rstrip() for line in lines]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    indents = [len(line) - len(line.lstrip()) for line in lines if line]
    cut = min(indents) if indents else 0
    return [line[cut:] for line in lines]


slices_cache = {}


def slice_of(path, name):
    """The lines of the slice `name` in `path`, or None."""
    full = os.path.join(ROOT, path)
    if full not in slices_cache:
        slices = {}
        if os.path.isfile(full):
            current, hidden = None, False
            for line in open(full, encoding="utf-8").read().splitlines():
                stripped = line.strip()
                match = re.fullmatch(r"//\s*snippet\.([\w-]+)", stripped)
                if match:
                    word = match.group(1)
                    if word == "end":
                        current = None
                    elif word == "hide":
                        hidden = True
                    elif word == "show":
                        hidden = False
                    else:
                        current, hidden = word, False
                        slices[current] = []
                    continue
                if current is not None and not hidden:
                    slices[current].append(line)
        slices_cache[full] = slices
    lines = slices_cache[full].get(name)
    return None if lines is None else dedent(lines)


def blocks(path):
    """The code blocks of a Markdown file or of a Swift file's doc comments:
    (line number, language, lines, marker or None)."""
    text = open(path, encoding="utf-8").read().splitlines()
    swift_source = path.endswith(".swift")
    if swift_source:
        # Only doc comments: the text after `///`, line by line (others blank).
        text = [re.sub(r"^\s*/// ?", "", line) if line.strip().startswith("///") else "" for line in text]
    found, pending = [], None
    index = 0
    while index < len(text):
        line = text[index]
        match = MARKER.search(line)
        fence = FENCE.match(line)
        if match:
            pending = (match.group(1), match.group(2))
        elif fence:
            language = fence.group(2) or ("swift" if swift_source else "")
            start = index
            index += 1
            body = []
            while index < len(text) and not FENCE.match(text[index]):
                body.append(text[index])
                index += 1
            found.append((start + 1, language, body, pending))
            pending = None
        elif line.strip():
            pending = None
        index += 1
    return found


def update(path):
    """Rewrites the marked Swift samples of `path` from their slices."""
    lines = open(path, encoding="utf-8").read().split("\n")
    swift_source = path.endswith(".swift")
    index, pending = 0, None
    while index < len(lines):
        text = re.sub(r"^\s*/// ?", "", lines[index]) if swift_source else lines[index]
        match = MARKER.search(text)
        if match:
            pending = (match.group(1), match.group(2))
        elif FENCE.match(text) and pending:
            end = index + 1
            while end < len(lines) and not FENCE.match(re.sub(r"^\s*/// ?", "", lines[end]) if swift_source else lines[end]):
                end += 1
            compiled = slice_of(*pending)
            if compiled is not None and end < len(lines):
                prefix = re.match(r"^(\s*(/// ?)?)", lines[index]).group(1)
                lines[index + 1:end] = [(prefix + line) if line else prefix.rstrip() for line in compiled]
                end = index + 1 + len(compiled)
            index, pending = end, None
        elif text.strip():
            pending = None
        index += 1
    open(path, "w", encoding="utf-8").write("\n".join(lines))


def check(path):
    """Checks the Swift blocks of `path`; returns their markers in order."""
    markers = []
    relative = os.path.relpath(path, ROOT)
    for line, language, body, marker in blocks(path):
        if language != "swift":
            continue
        if marker is None:
            problems.append(f"{relative}:{line}: a Swift sample without a `<!-- snippet: FILE#NAME -->` marker before it")
            continue
        file, name = marker
        expected = slice_of(file, name)
        if expected is None:
            problems.append(f"{relative}:{line}: no slice `{name}` in {file}")
        elif dedent(body) != expected:
            problems.append(f"{relative}:{line}: the sample differs from {file}#{name}:\n    " +
                            "\n    ".join(l for l in difference(dedent(body), expected)))
        markers.append((file, name))
    return markers


def difference(shown, compiled):
    import difflib
    return list(difflib.unified_diff(compiled, shown, "compiled", "shown", lineterm="", n=1))[:20]


documents = sorted(
    set(glob.glob(os.path.join(ROOT, "README.md")))
    | set(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    | set(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "**", "*.md"), recursive=True))
)
sources = sorted(glob.glob(os.path.join(ROOT, "Sources", "Keel*", "**", "*.swift"), recursive=True))
if UPDATE:
    for path in documents + sources:
        update(path)
markers = {}
count = 0
for path in documents + sources:
    markers[os.path.relpath(path, ROOT)] = check(path)
    count += len(markers[os.path.relpath(path, ROOT)])

# Korean counterparts.
pairs = [("README.md", "docs/README.ko.md")]
for article in sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md"))):
    relative = os.path.relpath(article, ROOT)
    catalog = os.path.basename(os.path.dirname(article))
    pairs.append((relative, os.path.join("docs", "ko", catalog, os.path.basename(article))))
for english, korean in pairs:
    if korean not in markers:
        problems.append(f"{english} has no Korean counterpart at {korean}")
    elif [m for m in markers[english]] != [m for m in markers[korean]]:
        problems.append(f"{korean} does not show the samples of {english} in the same order:\n"
                        f"    English: {markers[english]}\n    Korean:  {markers[korean]}")

# The reading before a newcomer's first test: the README, from its top to
# the end of the walkthrough's first test (code included), in words separated
# by white space. At most 2,500, and the README says how many, to the hundred.
FIRST_TEST = "<!-- snippet: Examples/ReadingList/Tests/ReadingListTests/BookListTests.swift#testHTTP -->"
reading = {}
for readme in ["README.md", "docs/README.ko.md"]:
    with open(os.path.join(ROOT, readme), encoding="utf-8") as file:
        text = file.read()
    if FIRST_TEST not in text:
        problems.append(f"{readme} shows no first test ({FIRST_TEST})")
        continue
    start = text.index(FIRST_TEST)
    end = text.index("```\n", text.index("```swift", start) + 8) + 3
    words = len(text[:end].split())
    reading[readme] = words
    if words > 2500:
        problems.append(f"{readme}: {words} words before the first test; at most 2,500")
english = reading.get("README.md")
if english is not None:
    claim = f"{round(english, -2):,}"
    for readme, phrase in [("README.md", f"**about {claim} words**"), ("docs/README.ko.md", f"**영어판 기준 약 {claim}단어**")]:
        with open(os.path.join(ROOT, readme), encoding="utf-8") as file:
            if phrase not in file.read():
                problems.append(f"{readme} does not say {phrase} ({english} words before the first test)")

print(f"{count} Swift samples in {len(documents)} documents and {len(sources)} kit sources; "
      f"{len(pairs)} English–Korean pairs; words before the first test: "
      + ", ".join(f"{name} {words}" for name, words in reading.items()))
for problem in problems:
    print("  " + problem)
sys.exit(1 if problems else 0)
