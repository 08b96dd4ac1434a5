"""The literal check finds what SwiftUI would show untranslated, and only that.
Run: python3 Tools/LiteralCheck/test_check_literals.py"""
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

CHECK = Path(__file__).with_name("check_literals.py")

VIEW = '''
struct Screen: View {
    var body: some View {
        Text("Known")
        SecureField("Unknown password", text: $password)
        Label(isOn ? "Known" : "Unknown branch", systemImage: "star")
        LoadingView(title: "Unknown title")
        Button("Known") {}
        Text(verbatim: "Not a key")
        Text("Also unknown") // not localized: a sample
    }
}
'''


class LiteralCheckTests(unittest.TestCase):
    def run_check(self, view: str) -> list[str]:
        with tempfile.TemporaryDirectory() as folder:
            app = Path(folder)
            (app / "Sources/Web/Resources/Templates").mkdir(parents=True)
            (app / "SwiftUI").mkdir()
            (app / "SwiftUI/Screen.swift").write_text(view, encoding="utf-8")
            catalog = app / "Localizable.xcstrings"
            catalog.write_text(json.dumps({"sourceLanguage": "en", "strings": {"Known": {}}}), encoding="utf-8")
            result = subprocess.run(
                [sys.executable, str(CHECK), str(app), str(catalog), "--swiftui", str(app / "SwiftUI")],
                capture_output=True, text=True)
            return [line for line in result.stdout.splitlines() if "not in the catalog" in line]

    def test_finds_a_secure_field_both_branches_and_a_title(self):
        findings = self.run_check(VIEW)
        for literal in ["Unknown password", "Unknown branch", "Unknown title"]:
            self.assertTrue(any(f'"{literal}"' in line for line in findings), f"{literal} not found in {findings}")
        self.assertEqual(len(findings), 3, findings)

    def test_a_view_whose_literals_are_keys_passes(self):
        self.assertEqual(self.run_check('Label(isOn ? "Known" : "Known", systemImage: "star")\nSecureField("Known", text: $x)\n'), [])


if __name__ == "__main__":
    unittest.main()
