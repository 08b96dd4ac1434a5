import CountriesApp
import CountriesDomain
import CountriesPresentation
@testable import CountriesWeb
import KeelTesting
import KeelWeb
import KeelWebTesting
import Mustache
import Testing

/// The page contexts that name their fields for the templates (instead of
/// reflection) must name every stored property, or a template would render
/// an empty value where the page holds one.
@Suite("Page contexts name every field for the templates", .timeLimit(.minutes(1)))
@MainActor
struct TemplateFieldsTests {
    func expectEveryField(of value: some MustacheParent, sourceLocation: SourceLocation = #_sourceLocation) {
        TemplateFields.expectEveryField(of: value, sourceLocation: sourceLocation)
    }

    @Test("list and details pages, with every optional filled")
    func everyField() async throws {
        let raft = try await webRaft()
        let session = CountryTab(service: raft, now: ContinuousClock().now)
        let catalog = try CountriesStrings.catalog()
        let voice = try WebResources.voices(catalog: catalog).voice("ko")
        let wording = voice.wording
        let list = ListPage(session: session, voice: voice, message: "a message")
        expectEveryField(of: list)
        expectEveryField(of: list.frame)
        expectEveryField(of: list.results)
        let sections = ListSections(sections: session.list.sections, grouped: true, wording: wording)
        #expect(sections.child(named: "grouped") as? Bool == true)
        let section = try #require((sections.child(named: "sections") as? [ListSections.SectionFields])?.first)
        #expect(section.child(named: "title") as? String == "아시아")
        #expect((section.child(named: "rows") as? [ListSections.RowFields])?.count == section.section.rows.count)
        let row = try #require(session.list.sections.first?.rows.first)
        // In English, a row's words are its values' descriptions, which the check compares.
        let english = try WebResources.voices(catalog: catalog).voice("en").wording
        let rowFields = ListSections.RowFields(row: row, wording: english)
        TemplateFields.expectFields(of: row, namedBy: rowFields)
        let details = session.screens.details(of: "KOR")
        await settle { details.send(.appeared) }
        let page = DetailsPage(session: session, details: details, voice: voice)
        expectEveryField(of: page)
        let body = DetailsBody(details: details, wording: wording)
        expectEveryField(of: body)
        let facts = try #require(body.facts)
        expectEveryField(of: facts)
        expectEveryField(of: try #require(facts.neighbours.first))
    }
}
