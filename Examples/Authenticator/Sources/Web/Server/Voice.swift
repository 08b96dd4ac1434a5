import Keel
import KeelWeb
import Mustache

/// The words of a page in one language: the catalog, read in that language.
///
/// A page's context resolves what it computes (a message, a fizzle, an
/// option's name) with it; the templates' own words were translated when
/// they loaded (``Voice``). Two wordings are equal when their languages are,
/// so the rows fragment still compares equal for the tabs that share it.
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
    let fragments: SharedFragments
    let renderer: PageRenderer

    init(wording: Wording, library: MustacheLibrary) {
        self.wording = wording
        fragments = SharedFragments(library: library)
        renderer = PageRenderer(library: library)
    }
}

/// A page's context: its frame says the page's language.
protocol FramedPage: Sendable {
    /// The frame around the page.
    var frame: PageFrame { get }
}
