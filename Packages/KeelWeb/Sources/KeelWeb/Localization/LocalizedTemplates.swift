import Foundation
import Keel
import KeelCatalog
import Mustache

/// An app's templates in one language: each `{{#t}}…{{/t}}` section holds a
/// key of the app's string catalog, replaced by its text in that language
/// when the templates load.
///
/// ```mustache
/// <button type="submit">{{#t}}Search{{/t}}</button>
/// ```
///
/// The text is HTML-escaped. A template's own text is translated once, at
/// start, so a page costs what it cost before; text that depends on the
/// page's values (a count, a message) is a ``LocalizedText`` resolved by
/// the page with ``StringCatalog/string(_:language:)``. A key the catalog
/// does not have stops the start, as a missing template does.
public enum LocalizedTemplates {
    /// The templates of `directory` (every one of `required` among them),
    /// their `{{#t}}` sections in `language` from `catalog`.
    public static func load(
        directory: String, required: [String], catalog: StringCatalog, language: String
    ) throws -> MustacheLibrary {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "mustache" }
        } catch {
            throw TemplateLibrary.Missing(what: "the folder \(folder.lastPathComponent)")
        }
        var library = MustacheLibrary()
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            let text: String
            do {
                text = try String(contentsOf: file, encoding: .utf8)
            } catch {
                throw TemplateLibrary.Missing(what: "the template \(name) (unreadable)")
            }
            let translated = try translate(text, template: name, catalog: catalog, language: language)
            do {
                try library.register(translated, named: name)
            } catch {
                throw TemplateLibrary.Missing(what: "the template \(name) (\(error))")
            }
        }
        for name in required where library.getTemplate(named: name) == nil {
            throw TemplateLibrary.Missing(what: "the template \(name)")
        }
        return library
    }

    /// `text` with each `{{#t}}key{{/t}}` replaced by the key's escaped text in `language`.
    static func translate(_ text: String, template: String, catalog: StringCatalog, language: String) throws -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "{{#t}}") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "{{/t}}") else {
                throw TemplateLibrary.Missing(what: "the end of a {{#t}} section in the template \(template)")
            }
            let key = String(rest[open.upperBound..<close.lowerBound])
            guard catalog.keys.contains(key) else {
                throw TemplateLibrary.Missing(what: "the text \"\(key)\" (template \(template)) in the string catalog")
            }
            result += escaped(catalog.string(LocalizedText(key: key), language: language))
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `text` HTML-escaped, its braces too: it goes into a template, and must
    /// stay text there.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "{": result += "&#123;"
            default: result.append(character)
            }
        }
        return result
    }
}
