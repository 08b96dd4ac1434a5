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
/// its codes change (a period ends, an account or a setting changes), the
/// `codes` event is encoded once, as a ``KeelWeb/SharedEvent``, and every list
/// tab's live connection sends those same bytes: at a period boundary, 500
/// open tabs cost one set of codes and one encoding, not 500 renderings of
/// the list.
///
/// Only ``event`` is observed. ``codes`` and ``serial`` are read when a tab's
/// rows are rendered, without tracking: a tab's rows are rendered again when
/// the tab's own list changes, not at each boundary.
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

    /// The last `codes` event, encoded: what every list tab's connection sends.
    private(set) var event: SharedEvent?
    /// The current codes by account id (time-based accounts only).
    @ObservationIgnored private(set) var codes: [String: Code] = [:]
    /// Counts the sets of codes published; a page's rows carry the serial of
    /// the codes they show, so that its script never puts older codes back.
    @ObservationIgnored private(set) var serial = 0
    /// How many `codes` events were encoded: one per change, however many tabs.
    @ObservationIgnored private(set) var encodings = 0

    @ObservationIgnored private let list: AccountListViewModel
    @ObservationIgnored private let tasks = OwnedTasks()

    /// The board of the accounts of `service`, following their changes from now on.
    init(service: any Serving) {
        let list = AccountListViewModel(service, scene: "web-code-board")
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

    private func publish(_ codes: [String: Code]) {
        guard codes != self.codes || event == nil else { return }
        serial += 1
        self.codes = codes
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Codes, digits and ids only: nothing here can fail to encode.
        let data = (try? encoder.encode(Payload(serial: serial, codes: codes))) ?? Data("{}".utf8)
        event = SharedEvent(ServerSentEvent(event: "codes", data: String(decoding: data, as: UTF8.self)))
        encodings += 1
    }
}
