import Foundation
import Keel
import KeelCatalog
import Mustache

/// The words of a page in one language: the app's catalog, read in that language.
///
/// A page's context resolves what it computes (a count, a message, a
/// fizzle) with it; the templates' own words were translated when they
/// loaded (``Voices``). Two wordings are equal when their languages are, so
/// a page's context still compares equal for the tabs that share it
/// (``SharedFragments``).
public struct Wording: Sendable, Equatable {
    /// The language, as the catalog names it (`en`, `ko`).
    public let language: String
    /// The app's catalog.
    public let catalog: StringCatalog

    /// The words of `catalog` in `language`.
    public init(language: String, catalog: StringCatalog) {
        self.language = language
        self.catalog = catalog
    }

    /// `text` in this language.
    public func callAsFunction(_ text: LocalizedText) -> String {
        catalog.string(text, language: language)
    }

    /// The locale of this language, for the dates and numbers a page formats.
    public var locale: Locale { Locale(identifier: language) }

    public static func == (a: Wording, b: Wording) -> Bool { a.language == b.language }
}

/// A web front-end in one language: its templates translated into it, and
/// their renderers. The pages of every tab in that language share its
/// fragments.
@MainActor
public final class Voice {
    /// The words of the pages.
    public let wording: Wording
    /// The templates, translated.
    public let library: MustacheLibrary
    /// The fragments shared by the tabs in this language.
    public let fragments: SharedFragments
    /// Renders whole pages off the main actor.
    public let renderer: PageRenderer

    /// The front-end in `wording`'s language, with `library`'s templates.
    public init(wording: Wording, library: MustacheLibrary) {
        self.wording = wording
        self.library = library
        fragments = SharedFragments(library: library)
        renderer = PageRenderer(library: library)
    }

    /// `template` rendered with `context`, its tab markers left in.
    public func render(_ template: String, _ context: Any) -> String {
        // The templates were checked at start (``LocalizedTemplates``); a missing one is a bug of the app.
        library.render(context, withTemplate: template) ?? "<p>The page \(template) is missing.</p>"
    }
}

/// A web front-end in every language of its app's catalog: one ``Voice``
/// each, its templates translated once, at start (``LocalizedTemplates``).
///
/// ```swift
/// let voices = try Voices(directory: templates, required: ["layout", "list"], catalog: catalog)
/// let voice = voices.voice(catalog.language(preferring: AcceptLanguage.preferred(header)))
/// ```
@MainActor
public final class Voices {
    /// The app's catalog.
    public let catalog: StringCatalog
    private let voices: [String: Voice]
    /// The catalog's source language's voice: for a language it lacks.
    private let source: Voice

    /// The templates of `directory` (every one of `required` among them) in
    /// each language of `catalog`; throws ``TemplateLibrary/Missing`` naming
    /// a missing template or a word the catalog lacks.
    public init(directory: String, required: [String], catalog: StringCatalog) throws {
        var voices: [String: Voice] = [:]
        for language in catalog.languages {
            let library = try LocalizedTemplates.load(directory: directory, required: required, catalog: catalog, language: language)
            voices[language] = Voice(wording: Wording(language: language, catalog: catalog), library: library)
        }
        self.catalog = catalog
        self.voices = voices
        // `catalog.languages` starts with the source language: it is there.
        source = voices[catalog.sourceLanguage]
            ?? Voice(wording: Wording(language: catalog.sourceLanguage, catalog: catalog), library: MustacheLibrary())
    }

    /// The voice of `language`, or the source language's when the catalog does not speak it.
    public func voice(_ language: String) -> Voice {
        voices[language] ?? source
    }

    /// The voice of `session`'s pages. For a page, pass the browser's
    /// `languages`: the tab settles its language (its reader's choice, else
    /// the best the browser accepts, ``TabSession/hear(_:in:)``) and keeps it
    /// for its live updates and the answers to its forms until its next page.
    @discardableResult
    public func voice<Screens>(of session: TabSession<Screens>, accepting languages: BrowserLanguages? = nil) -> Voice {
        if let languages { session.hear(languages, in: catalog) }
        return voice(session.language)
    }

    /// The voice of the catalog's source language: pages of no tab.
    public var sourceVoice: Voice { source }

    /// `page` rendered with `template` in its reader's language (the
    /// catalog's best for ``MessagePage/languages``), off the main actor.
    /// The template finds `title`, `status`, `message`, `home`, and `language`
    /// for `<html lang>`.
    public func render(_ page: MessagePage, withTemplate template: String) async -> String {
        let voice = voice(catalog.language(preferring: page.languages))
        let words = voice.wording
        return await voice.renderer.render(template, ResolvedMessagePage(
            title: words(page.title), status: page.status, message: words(page.message), home: page.home,
            language: words.language))
    }
}

/// A ``MessagePage`` in one language, for its template.
private struct ResolvedMessagePage: Sendable {
    let title: String
    let status: Int
    let message: String
    let home: String
    let language: String
}
