import Keel
import KeelWeb
import Mustache

/// The words of a page in one language: the catalog, read in that language.
///
/// A page's context resolves what it computes (a count, a message, a
/// region's name) with it; the templates' own words were translated when
/// they loaded (``Voice``). Two wordings are equal when their languages are,
/// so a page's context still compares equal for the tabs that share it.
struct Wording: Sendable, Equatable {
    /// The language, as the catalog names it (`en`, `ko`).
    let language: String
    let catalog: StringCatalog

    /// `text` in this language.
    func callAsFunction(_ text: LocalizedText) -> String {
        catalog.string(text, language: language)
    }

    static func == (a: Wording, b: Wording) -> Bool { a.language == b.language }
}

/// The front-end in one language: its templates translated into it, and
/// their renderers. The pages of every tab in that language share its
/// fragments (``SharedFragments``).
@MainActor
final class Voice {
    let wording: Wording
    let library: MustacheLibrary
    let fragments: SharedFragments
    let renderer: PageRenderer

    init(wording: Wording, library: MustacheLibrary) {
        self.wording = wording
        self.library = library
        fragments = SharedFragments(library: library)
        renderer = PageRenderer(library: library)
    }

    /// `template` rendered with `context`, its markers left in.
    func render(_ template: String, _ context: Any) -> String {
        // The templates were checked at start; a missing one is a bug in this target.
        library.render(context, withTemplate: template) ?? "<p>The page \(template) is missing.</p>"  // not localized: a bug of this target
    }
}
