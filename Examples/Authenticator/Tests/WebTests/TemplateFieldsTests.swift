import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
@testable import AuthenticatorWeb
import KeelTesting
import KeelWeb
import KeelWebTesting
import Testing

/// The list page's contexts name their fields for the templates (instead of
/// reflection): they must name every stored property, or a template would
/// render an empty value where the page holds one.
@Suite("The list page's contexts name every field for the templates", .timeLimit(.minutes(5)))
@MainActor
struct TemplateFieldsTests {
    @Test("page, frame, rows, a row of each kind, and the menus' choices, with the optionals filled")
    func everyField() async throws {
        let (raft, _) = try await webRaft()
        var settings = raft.appState.state.settings
        settings.showsNextCode = true
        try await raft.applySettingsAction(settings)
        let frontEnd = try AuthenticatorFrontEnd(service: raft, options: WebOptions(port: 0, logLevel: .critical))
        let session = frontEnd.session(nil, browser: "a browser")
        // Let in, so that the frame holds the browser's key.
        frontEnd.locks.admit(session.id, to: frontEnd.locks.open(to: "a browser"))
        session.list.send(.tick(raft.clock.now()))
        let page = ListPage(session: session, message: "a message", in: frontEnd)
        #expect(page.frame.browserKey != nil)
        TemplateFields.expectEveryField(of: page)
        TemplateFields.expectEveryField(of: page.frame)
        let rows = frontEnd.listRows(of: session, ticked: true)
        // A list longer than what is shown offers more.
        let wording = frontEnd.wording(of: session)
        let fewer = ListRows(
            ListRows.Source(list: session.list, shown: 1, language: wording.language, codesSerial: 0, showsBoardCodes: false),
            codes: [:], wording: wording)
        #expect(fewer.more != nil)
        TemplateFields.expectEveryField(of: fewer)
        TemplateFields.expectEveryField(of: rows)
        let time = try #require(rows.rows.first { !$0.hotp })
        #expect(time.nextCode != nil && time.period != nil, "a time-based row with every optional")
        TemplateFields.expectEveryField(of: time)
        TemplateFields.expectEveryField(of: try #require(rows.rows.first { $0.hotp }))
        TemplateFields.expectEveryField(of: try #require(page.filters.first))
        TemplateFields.expectEveryField(of: try #require(page.orders.first { $0.selected }))
        // A search that matches nothing: the rows' message is filled.
        await settle { session.list.send(.search("no account is named like this")) }
        let empty = frontEnd.listRows(of: session, ticked: false)
        #expect(empty.rows.isEmpty && empty.empty != nil)
        TemplateFields.expectEveryField(of: empty)
    }
}
