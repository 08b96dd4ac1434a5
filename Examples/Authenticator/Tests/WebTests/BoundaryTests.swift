import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
@testable import AuthenticatorWeb
import Foundation
import KeelWeb
import KeelTesting
import Testing

/// At a period's end, a list tab is sent the new codes only (a small event),
/// made and encoded once for every tab: 500 open tabs must not cost 500
/// renderings of the list (issue 25, item 7).
@Suite("Period boundaries: the codes alone, made once for every tab", .timeLimit(.minutes(5)))
@MainActor
struct BoundaryTests {
    @Test("at a period's end, a list's connection is sent the new codes, not its rows")
    func codesOnly() async throws {
        let (raft, clock) = try await webRaft()
        let frontEnd = try await unlockedFrontEnd(raft)
        let session = unlockedSession(of: frontEnd)
        var events = LiveEvents(frontEnd.liveConnection(of: session, page: .list, limit: nil))
        // A connection starts with the rows, the scene and the codes, in any order.
        let first = try #require(await events.next(count: 3))
        #expect(Set(first.map(\.type)) == ["fragment", "scene", "codes"])

        // The period's end (the clock is 10 s into a 30-second period).
        clock.advance(by: 20)
        frontEnd.tick()
        let boundary = try #require(await events.next())
        #expect(boundary.type == "codes", "the boundary sends the codes, not the rows: \(boundary.type)")
        let github = try #require(raft.appState.read { $0.accounts }.value?.first { $0.account.issuer == "GitHub" })
        let code = raft.makeCodeAction(github.account, clock.now()).text
        let grouped = "\(code.prefix(3)) \(code.dropFirst(3))"
        #expect(boundary.data.contains(grouped), "GitHub's code of the new period")
        #expect(boundary.wire.utf8.count < 512, "a small event: \(boundary.wire.utf8.count) bytes")
        #expect(!TestSecrets.needles.contains { boundary.wire.contains($0) })

        // Then what the list shows changes: the rows come, and they are the
        // first rows since the boundary (none was sent for it).
        try await raft.favouriteAccountAction(github.id, true)
        let change = try #require(await events.next())
        #expect(change.type == "fragment")
        #expect(change.data.contains("Remove from favourites"), "the rows after the change")
        #expect(change.data.contains(grouped), "with the codes of the new period")
    }

    @Test("a boundary's codes are made and encoded once, and the rows rendered for none, however many tabs")
    func onceForEveryTab() async throws {
        let (raft, clock) = try await webRaft()
        let frontEnd = try await unlockedFrontEnd(raft)
        var tabs: [LiveEvents] = []
        for _ in 0..<50 {
            let session = unlockedSession(of: frontEnd)
            var events = LiveEvents(frontEnd.liveConnection(of: session, page: .list, limit: nil))
            _ = try #require(await events.next(count: 3))
            tabs.append(events)
        }
        let encodings = frontEnd.board.encodings
        let renderings = frontEnd.voice("en").fragments.renderCount

        clock.advance(by: 20)
        frontEnd.tick()
        var sent: Set<String> = []
        for index in tabs.indices {
            let event = try #require(await tabs[index].next())
            #expect(event.type == "codes")
            sent.insert(event.wire)
        }
        #expect(sent.count == 1, "every tab is sent the same codes")
        #expect(frontEnd.board.encodings == encodings + 1, "encoded once for 50 tabs")
        #expect(frontEnd.voice("en").fragments.renderCount == renderings, "no tab's rows rendered again")
    }

    @Test("a tab is sent the codes of the rows it shows, encoded once for the tabs that show the same rows")
    func codesOfTheRowsShown() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_010))
        let raft = try await Vessel.raft(accounts: ListPagingTests.accounts(120), clock: clock)
        let frontEnd = try await unlockedFrontEnd(raft)
        func codes(in event: LiveEvents.Event) throws -> Set<String> {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
            return Set(try #require(object["codes"] as? [String: Any]).keys)
        }
        let ids = try #require(raft.appState.read { $0.accounts }.value).sorted { $0.account.issuer < $1.account.issuer }.map(\.id.description)

        let first = unlockedSession(of: frontEnd), second = unlockedSession(of: frontEnd), searching = unlockedSession(of: frontEnd)
        searching.list.send(.search("Service 11"))
        var tabs = [first, second, searching].map { LiveEvents(frontEnd.liveConnection(of: $0, page: .list, limit: nil)) }
        for index in tabs.indices { _ = try #require(await tabs[index].next(count: 3)) }
        let encodings = frontEnd.board.encodings

        clock.advance(by: 20)
        frontEnd.tick()
        var sent: [LiveEvents.Event] = []
        for index in tabs.indices { sent.append(try #require(await tabs[index].next())) }
        #expect(try codes(in: sent[0]) == Set(ids.prefix(ListRows.pageSize)), "the first page's 50, not 120")
        #expect(sent[1].wire == sent[0].wire)
        #expect(try codes(in: sent[2]) == Set(ids[110...] + [ids[11]]), "Service 011 and 110 to 119")
        #expect(frontEnd.board.encodings == encodings + 2, "one encoding per page of rows shown, not per tab")

        // A tab shown more rows is sent their codes at the next change.
        frontEnd.show(rows: 100, of: second)
        clock.advance(by: 30)
        frontEnd.tick()
        #expect(try codes(in: try #require(await tabs[1].next())) == Set(ids.prefix(100)))
    }

    @Test("the tabs share their rows, made once; a code one tab revealed shows in no other")
    func sharedRows() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_010))
        let counter = Account(issuer: "Counter", name: "c", secret: Secret(bytes: Array("12345678901234567890".utf8)), parameters: try OTPParameters(kind: .hotp, counter: 0))
        let raft = try await Vessel.raft(accounts: ListPagingTests.accounts(120) + [counter], clock: clock)
        let frontEnd = try await unlockedFrontEnd(raft)
        let tabs = (0..<20).map { _ in unlockedSession(of: frontEnd) }
        let made = tabs[0].list.codesMade
        for tab in tabs { #expect(tab.list.rows.count == 121) }
        #expect(tabs[0].list.codesMade == made, "20 tabs made no code of their own")

        let id = try #require(raft.appState.read { $0.accounts }.value?.first { $0.account.issuer == "Counter" }?.id)
        tabs[0].list.send(.copy(id))
        await waitUntil { tabs[0].list.rows.first { $0.id == id }?.code != nil }
        #expect(tabs[0].list.rows.first { $0.id == id }?.code == "755 224", "RFC 4226's first code")
        #expect(tabs[1].list.rows.first { $0.id == id }?.code == nil, "another tab's list does not show it")
    }

    @Test("the rows made for one tab are another's only when it shows the same: its search, its page, its language, its revealed code, the current codes")
    func rowsOfEachTab() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_010))
        let counter = Account(issuer: "Counter", name: "c", secret: Secret(bytes: Array("12345678901234567890".utf8)), parameters: try OTPParameters(kind: .hotp, counter: 0))
        let raft = try await Vessel.raft(accounts: [counter] + ListPagingTests.accounts(120), clock: clock)
        let frontEnd = try await unlockedFrontEnd(raft)
        let tabs = (0..<2).map { _ in unlockedSession(of: frontEnd) }
        /// The rows of `tab`, made for it alone.
        func own(_ tab: AuthenticatorTab, ticked: Bool = false) -> ListRows {
            let wording = frontEnd.wording(of: tab)
            let source = ListRows.Source(
                list: tab.list, shown: frontEnd.shownRows(of: tab), language: wording.language,
                codesSerial: frontEnd.board.serial, showsBoardCodes: !ticked)
            return ListRows(source, codes: frontEnd.board.codes, wording: wording)
        }
        /// Whether each tab, asked for one after the other, is given its own rows.
        func eachGetsItsOwn(ticked: Bool = false) -> Bool {
            tabs.allSatisfy { frontEnd.listRows(of: $0, ticked: ticked) == own($0, ticked: ticked) }
                && tabs.reversed().allSatisfy { frontEnd.listRows(of: $0, ticked: ticked) == own($0, ticked: ticked) }
        }
        frontEnd.tick()
        #expect(eachGetsItsOwn())
        #expect(frontEnd.listRows(of: tabs[0], ticked: false) == frontEnd.listRows(of: tabs[1], ticked: false))

        await settle { tabs[1].list.send(.search("Service 11")) }
        #expect(frontEnd.listRows(of: tabs[1], ticked: false).rows.count == 11)
        #expect(eachGetsItsOwn())
        await settle { tabs[1].list.send(.search("")) }
        frontEnd.show(rows: 100, of: tabs[0])
        #expect(frontEnd.listRows(of: tabs[0], ticked: false).rows.count == 100)
        #expect(eachGetsItsOwn())
        frontEnd.show(rows: 50, of: tabs[0])
        frontEnd.voice(of: tabs[1], accepting: BrowserLanguages(chosen: "ko", accepted: []))
        #expect(frontEnd.listRows(of: tabs[1], ticked: false).more?.contains("121") == true)
        #expect(frontEnd.listRows(of: tabs[0], ticked: false).more != frontEnd.listRows(of: tabs[1], ticked: false).more)
        #expect(eachGetsItsOwn())
        frontEnd.voice(of: tabs[1], accepting: BrowserLanguages(chosen: "en", accepted: []))

        let id = try #require(raft.appState.read { $0.accounts }.value?.first { $0.account.issuer == "Counter" }?.id)
        tabs[0].list.send(.copy(id))
        await waitUntil { tabs[0].list.rows.first { $0.id == id }?.code != nil }
        #expect(frontEnd.listRows(of: tabs[0], ticked: false).rows.first { $0.id == id.description }?.code == "755 224")
        #expect(frontEnd.listRows(of: tabs[1], ticked: false).rows.first { $0.id == id.description }?.code == nil)
        #expect(eachGetsItsOwn())

        // New codes: the rows made before are not given again.
        let before = frontEnd.listRows(of: tabs[1], ticked: false)
        clock.advance(by: 30)
        frontEnd.tick()
        // The board's events are what is observed of it; its serial is read with them.
        await waitUntil { _ = frontEnd.board.event(showing: []); return frontEnd.board.serial > before.codesSerial }
        let after = frontEnd.listRows(of: tabs[1], ticked: false)
        #expect(after.rows.map(\.code) != before.rows.map(\.code))
        #expect(eachGetsItsOwn())
        // A page's rows (their list just ticked) are not a live update's.
        for tab in tabs { tab.list.send(.tick(clock.now())) }
        #expect(eachGetsItsOwn(ticked: true))
    }

    static let browser = "a browser that typed the passphrase"

    /// The front-end of `raft`.
    private func unlockedFrontEnd(_ raft: Vessel) async throws -> AuthenticatorFrontEnd {
        try AuthenticatorFrontEnd(service: raft, options: WebOptions(port: 0, logLevel: .critical))
    }

    /// A new tab of ``browser``, let into the vault as the passphrase typed there would.
    private func unlockedSession(of frontEnd: AuthenticatorFrontEnd) -> AuthenticatorTab {
        let session = frontEnd.session(nil, browser: Self.browser)
        frontEnd.locks.admit(session.id, to: frontEnd.locks.open(to: Self.browser))
        return session
    }
}

/// The events of one live connection, read one at a time (each chunk of the
/// stream is one event, a heartbeat or the preamble).
@MainActor
struct LiveEvents {
    /// One event: its type, its data lines joined, and its wire text.
    struct Event {
        let type: String
        let data: String
        let wire: String
    }

    private var chunks: AsyncStream<String>.Iterator

    init(_ stream: AsyncStream<String>) {
        chunks = stream.makeAsyncIterator()
    }

    /// The next event, skipping the preamble and heartbeats; `nil` once the connection ends.
    mutating func next() async -> Event? {
        // A local copy (the iterator is a reference to the stream's storage): a
        // main-actor property cannot be passed to the async `next` as `inout`.
        var iterator = chunks
        defer { chunks = iterator }
        while let chunk = await iterator.next(isolation: #isolation) {
            let lines = chunk.split(separator: "\n")
            // An event has a type (an `id:` line may come first); the preamble and heartbeats have none.
            guard let type = lines.first(where: { $0.hasPrefix("event: ") }) else { continue }
            let data = lines.filter { $0.hasPrefix("data: ") }.map { $0.dropFirst(6) }.joined(separator: "\n")
            return Event(type: String(type.dropFirst(7)), data: data, wire: chunk)
        }
        return nil
    }

    /// The next `count` events; `nil` if the connection ends before.
    mutating func next(count: Int) async -> [Event]? {
        var events: [Event] = []
        while events.count < count {
            guard let event = await next() else { return nil }
            events.append(event)
        }
        return events
    }
}
