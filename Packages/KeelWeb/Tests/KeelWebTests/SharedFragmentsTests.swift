import KeelWeb
import Mustache
import Testing

@Suite("Shared fragments: rendered once, filled in per tab", .timeLimit(.minutes(1)))
@MainActor
struct SharedFragmentsTests {
    struct Context: Equatable, Sendable {
        let name: String
    }

    func fragments() throws -> SharedFragments {
        var library = MustacheLibrary()
        try library.register(
            #"<a href="/x?tab=<keel-tab>">{{name}}</a><input value="<keel-token>"><keel-other>"#, named: "fragment")
        return SharedFragments(library: library)
    }

    @Test("each tab gets its own id and token; a value can never pass for a marker")
    func markers() throws {
        let fragments = try fragments()
        let context = Context(name: "<keel-tab> & <keel-token>")
        let first = fragments.render("fragment", context, tab: "t1", token: "k1")
        let second = fragments.render("fragment", context, tab: "t2", token: "k2")
        #expect(first == #"<a href="/x?tab=t1">&lt;keel-tab&gt; &amp; &lt;keel-token&gt;</a><input value="k1"><keel-other>"#)
        #expect(second == #"<a href="/x?tab=t2">&lt;keel-tab&gt; &amp; &lt;keel-token&gt;</a><input value="k2"><keel-other>"#)
        let changed = fragments.render("fragment", Context(name: "Korea"), tab: "t1", token: "k1")
        #expect(changed == #"<a href="/x?tab=t1">Korea</a><input value="k1"><keel-other>"#)
    }
}
