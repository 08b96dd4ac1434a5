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

    @Test("each template keeps its last few contexts rendered; the least recently used goes first")
    func recentContexts() throws {
        let fragments = try fragments()
        let names = (0..<SharedFragments.capacity).map { "country \($0)" }
        for name in names { _ = fragments.render("fragment", Context(name: name), tab: "t", token: "k") }
        #expect(fragments.renderCount == SharedFragments.capacity)
        for name in names.reversed() {
            let html = fragments.render("fragment", Context(name: name), tab: "t9", token: "k9")
            #expect(html.contains(">\(name)<") && html.contains("tab=t9") && html.contains(#"value="k9""#))
        }
        #expect(fragments.renderCount == SharedFragments.capacity, "every context was found rendered")
        // One more: the least recently used ("country 7", used first above) goes.
        _ = fragments.render("fragment", Context(name: "one more"), tab: "t", token: "k")
        _ = fragments.render("fragment", Context(name: "country 0"), tab: "t", token: "k")
        #expect(fragments.renderCount == SharedFragments.capacity + 1)
        _ = fragments.render("fragment", Context(name: names[SharedFragments.capacity - 1]), tab: "t", token: "k")
        #expect(fragments.renderCount == SharedFragments.capacity + 2)
    }

    @Test("a live event is rendered and encoded once for every tab, its markers left for the page's script")
    func liveEvents() throws {
        let fragments = try fragments()
        let first = fragments.event("fragment", Context(name: "Korea"), in: "rows")
        let second = fragments.event("fragment", Context(name: "Korea"), in: "rows")
        #expect(first.wire == "id: \(first.id ?? "")\nevent: fragment\ndata: rows\n"
            + #"data: <a href="/x?tab=<keel-tab>">Korea</a><input value="<keel-token>"><keel-other>"# + "\n\n")
        #expect(second == first)
        #expect(fragments.renderCount == 1)
        // A page of the same context is filled in from the same rendering.
        #expect(fragments.render("fragment", Context(name: "Korea"), tab: "t1", token: "k1").contains("tab=t1"))
        #expect(fragments.renderCount == 1)
        // Another element, another context: each its own event.
        #expect(fragments.event("fragment", Context(name: "Korea"), in: "other").wire.contains("event: fragment\ndata: other\n"))
        #expect(fragments.event("fragment", Context(name: "Ghana"), in: "rows").wire.contains(">Ghana<"))
        #expect(fragments.renderCount == 2)
    }

    @Test("a page rendered elsewhere gets its markers filled in, and nothing else")
    func fill() {
        let html = #"<body data-tab="<keel-tab>" data-token="<keel-token>"><keel-other><a href="/?tab=<keel-tab>">"#
        #expect(SharedFragments.fill(html, tab: "t1", token: "k1") == #"<body data-tab="t1" data-token="k1"><keel-other><a href="/?tab=t1">"#)
        #expect(SharedFragments.fill("no markers", tab: "t", token: "k") == "no markers")
        // At either end, side by side, beside other tags starting `<k`, and after text beyond ASCII.
        #expect(SharedFragments.fill("<keel-tab><keel-token>", tab: "t", token: "k") == "tk")
        #expect(SharedFragments.fill("한국 <kbd>x</kbd><keel-tab>", tab: "t", token: "k") == "한국 <kbd>x</kbd>t")
        #expect(SharedFragments.fill("<keel-ta<keel-token><", tab: "t", token: "k") == "<keel-tak<")
        #expect(SharedFragments.fill("", tab: "t", token: "k") == "")
    }
}
