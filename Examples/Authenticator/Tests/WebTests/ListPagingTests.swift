import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
@testable import AuthenticatorWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import KeelWeb
import Testing

@Suite("A long list is shown a page at a time: the page and every live update hold what the tab shows", .timeLimit(.minutes(3)))
struct ListPagingTests {
    /// `count` time-based accounts, Service 000 to Service `count - 1`.
    static func accounts(_ count: Int) -> [Account] {
        (0..<count).map { index in
            let bytes = (0..<20).map { UInt8(truncatingIfNeeded: $0 * 7 + index * 13 + 1) }
            return Account(issuer: String(format: "Service %03d", index), name: "user\(index)", secret: Secret(bytes: bytes))
        }
    }

    static func rows(in page: String) -> Int {
        page.components(separatedBy: #"<li class="account""#).count - 1
    }

    @Test("120 accounts: a page of 50 with a link to 50 more; more as asked, never past the list; a search shows a page again")
    func pages() async throws {
        let raft = try await Vessel.raft(accounts: Self.accounts(120), clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_010)))
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let first = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body)
            #expect(Self.rows(in: first) == ListRows.pageSize)
            #expect(first.contains("Show 50 more (120 accounts in all)"))
            #expect(first.contains(#"href="/?tab=\#(tab.tab)&amp;shown=100""#))
            let live = String(buffer: try await client.get("/events?tab=\(tab.tab)&page=list&max=1", recorder).body)
            #expect(Self.rows(in: live) == ListRows.pageSize, "a live update holds the rows the tab shows, not the whole list")

            let second = String(buffer: try await client.get("/?tab=\(tab.tab)&shown=100", recorder).body)
            #expect(Self.rows(in: second) == 100)
            #expect(second.contains("Show 20 more (120 accounts in all)"))
            let all = String(buffer: try await client.get("/?tab=\(tab.tab)&shown=100000", recorder).body)
            #expect(Self.rows(in: all) == 120)
            #expect(!all.contains("more (120 accounts in all)"))
            #expect(Self.rows(in: String(buffer: try await client.get("/events?tab=\(tab.tab)&page=list&max=1", recorder).body)) == 120)

            // A search finds any account, and shows a page again.
            let found = String(buffer: try await client.get("/?tab=\(tab.tab)&q=Service%2011", recorder).body)
            #expect(Self.rows(in: found) == 11, "Service 011 and 110 to 119")
            #expect(Self.rows(in: String(buffer: try await client.get("/?tab=\(tab.tab)&q=", recorder).body)) == ListRows.pageSize)
        }
        #expect(await recorder.leaks().isEmpty)
    }
}
