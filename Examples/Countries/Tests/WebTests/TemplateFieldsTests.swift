import CountriesApp
import CountriesDomain
import CountriesPresentation
@testable import CountriesWeb
import KeelTesting
import KeelWeb
import Mustache
import Testing

/// The page contexts that name their fields for the templates (instead of
/// reflection) must name every stored property, or a template would render
/// an empty value where the page holds one.
@Suite("Page contexts name every field for the templates", .timeLimit(.minutes(1)))
@MainActor
struct TemplateFieldsTests {
    func expectEveryField(of value: some MustacheParent, sourceLocation: SourceLocation = #_sourceLocation) {
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            #expect(Self.describe(value.child(named: label) as Any) == Self.describe(child.value),
                    "\(type(of: value)).\(label) is not named, or names another value", sourceLocation: sourceLocation)
        }
        #expect(value.child(named: "no such field") == nil, sourceLocation: sourceLocation)
    }

    /// A value's description, optionals unwrapped (`Any?` flattens them).
    static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return describe(wrapped)
    }

    @Test("list and details pages, with every optional filled")
    func everyField() async throws {
        let raft = try await webRaft()
        let session = CountryTab(service: raft, now: ContinuousClock().now)
        let fragments = SharedFragments(library: try await WebResources.templateLibrary())
        let list = ListPage(session: session, fragments: fragments, message: "a message")
        expectEveryField(of: list)
        expectEveryField(of: list.frame)
        expectEveryField(of: list.results)
        let sections = ListSections(sections: session.list.sections, grouped: true)
        #expect(sections.child(named: "grouped") as? Bool == true)
        let section = try #require((sections.child(named: "sections") as? [ListSections.SectionFields])?.first)
        #expect(section.child(named: "title") as? String == "Asia")
        #expect((section.child(named: "rows") as? [ListSections.RowFields])?.count == section.section.rows.count)
        let row = try #require(session.list.sections.first?.rows.first)
        let rowFields = ListSections.RowFields(row: row)
        for child in Mirror(reflecting: row).children {
            guard let label = child.label else { continue }
            #expect(Self.describe(rowFields.child(named: label) as Any) == Self.describe(child.value), "CountryRow.\(label)")
        }
        let details = session.screens.details(of: "KOR")
        await details.load()
        let page = DetailsPage(session: session, details: details, fragments: fragments)
        expectEveryField(of: page)
        let body = DetailsBody(details: details)
        expectEveryField(of: body)
        let facts = try #require(body.facts)
        expectEveryField(of: facts)
        expectEveryField(of: try #require(facts.neighbours.first))
    }
}
