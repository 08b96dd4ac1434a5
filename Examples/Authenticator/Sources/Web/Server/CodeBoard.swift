import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Keel
import KeelWeb
import Observation

/// The codes every list tab shows, made once for all of them.
///
/// Every tab's list shows the same codes (only which accounts, and the
/// counter-based codes a tab revealed, differ), so the web front-end keeps one
/// account list of its own, ticked once a second (``CodeTicker``). Each time
/// its codes change (a period ends, an account or a setting changes), a tab's
/// live connection is sent the `codes` event of the rows it shows, encoded
/// once, as a ``KeelWeb/SharedEvent``, for every tab that shows the same rows:
/// at a period boundary, 500 open tabs cost one set of codes and an encoding
/// per page of rows shown, not 500 renderings of the list, and a tab of a
/// 10,000-account vault is sent its page's codes, not 10,000.
///
/// Only ``event(showing:)`` is observed. ``codes`` and ``serial`` are read
/// when a tab's rows are rendered, without tracking: a tab's rows are rendered
/// again when the tab's own list changes, not at each boundary.
@MainActor
@Observable
final class CodeBoard {
    /// The code of one time-based account, as the list shows it.
    struct Code: Equatable, Sendable, Encodable {
        /// The code, grouped for reading.
        let code: String
        /// The next period's code, when the settings show it.
        let next: String?
    }

    /// The `codes` event's data: the codes by account id, and their serial.
    private struct Payload: Encodable {
        let serial: Int
        let codes: [String: Code]
    }

    /// The current codes by account id (time-based accounts only).
    @ObservationIgnored private(set) var codes: [String: Code] = [:]
    /// Counts the sets of codes published; a page's rows carry the serial of
    /// the codes they show, so that its script never puts older codes back.
    @ObservationIgnored private(set) var serial = 0
    /// ``serial``, observed: what makes a connection that read ``event(showing:)`` read it again.
    private var published = 0
    /// The events of the current codes, by the accounts they show.
    @ObservationIgnored private var events: [[String]: SharedEvent] = [:]
    /// How many `codes` events were encoded: one per change and page of rows shown, however many tabs.
    @ObservationIgnored private(set) var encodings = 0

    @ObservationIgnored private let list: AccountListViewModel
    @ObservationIgnored private let tasks = OwnedTasks()

    /// The board of the accounts of `service`, its rows built by `rows` (the tabs' lists share them), following their changes from now on.
    init(service: any Serving, rows: AccountRowBuilder) {
        let list = AccountListViewModel(service, scene: "web-code-board", rows: rows)
        self.list = list
        publish(Self.codes(of: list))
        tasks.run("follow") { @MainActor [weak self] in
            for await codes in ObservedValues({ Self.codes(of: list) }) {
                self?.publish(codes)
            }
        }
    }

    /// The time is now `moment`: the codes change when a period ends.
    func tick(_ moment: Date) {
        list.send(.tick(moment))
    }

    private static func codes(of list: AccountListViewModel) -> [String: Code] {
        var codes: [String: Code] = [:]
        for row in list.rows where row.period != nil {
            guard let code = row.code else { continue }
            codes[row.id.description] = Code(code: code, next: row.nextCode)
        }
        return codes
    }

    /// The `codes` event of the accounts `ids` (the time-based rows a tab
    /// shows), encoded once for every tab that shows them.
    func event(showing ids: [String]) -> SharedEvent {
        _ = published
        if let event = events[ids] { return event }
        var shown: [String: Code] = [:]
        for id in ids { shown[id] = codes[id] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Codes, digits and ids only: nothing here can fail to encode.
        let data = (try? encoder.encode(Payload(serial: serial, codes: shown))) ?? Data("{}".utf8)
        let event = SharedEvent(ServerSentEvent(event: "codes", data: String(decoding: data, as: UTF8.self)))
        events[ids] = event
        encodings += 1
        return event
    }

    private func publish(_ codes: [String: Code]) {
        guard codes != self.codes || serial == 0 else { return }
        serial += 1
        self.codes = codes
        events = [:]
        published = serial
    }
}
