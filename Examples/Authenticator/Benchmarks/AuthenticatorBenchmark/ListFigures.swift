import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation

/// The vault and the account list with `count` accounts: unlocking (scrypt at
/// the app's cost), opening the vault to the first list state, one search
/// keystroke, one tick inside a period and one period boundary.
@MainActor
func listFigures(accounts: [Account], quick: Bool) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authenticator-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let passphrase = "benchmark passphrase"
    do {
        let vessel = try await Vessel(phase: .device, dataDirectory: directory)
        try await vessel.createVaultAction(passphrase, passphrase)
        _ = try await vessel.applyImportAction(accounts)
    }
    let rounds = quick ? 1 : 5
    var unlock = Double.infinity
    var open = Double.infinity
    var lastList: AccountListViewModel?
    for _ in 0..<rounds {
        let start = clock.now
        let vessel = try await Vessel(phase: .device, dataDirectory: directory)
        let unlockStart = clock.now
        try await vessel.unlockVaultAction(passphrase, .owner)
        unlock = min(unlock, seconds(clock.now - unlockStart))
        let list = AccountListViewModel(vessel, scene: "benchmark")
        precondition(list.rows.count == accounts.count)
        open = min(open, seconds(clock.now - start))
        lastList = list
    }
    row("unlock (scrypt N=2^15, \(accounts.count) accounts opened)", String(format: "%12.1f ms", unlock * 1e3))
    row("vault of \(accounts.count) accounts to the first list state", String(format: "%12.1f ms", open * 1e3))
    guard let list = lastList else { return }

    // One keystroke: the search text changes, the rows are read again.
    let queries = ["u", "us", "use", "user", "user1", "user12", "user1", "user", "issuer 9", "work"]
    let keystrokes = quick ? 20 : 2_000
    let typing = clock.now
    for index in 0..<keystrokes {
        list.searchText = queries[index % queries.count]
        sink &+= list.rows.count
    }
    let keystroke = seconds(clock.now - typing) / Double(keystrokes)
    row("one search keystroke, \(accounts.count) accounts", String(format: "%12.1f µs", keystroke * 1e6))
    list.searchText = ""
    _ = list.rows

    // A tick inside a period, then one that crosses a boundary (every account has 30 s).
    let base = (Date().timeIntervalSince1970 / 30).rounded(.down) * 30 + 300
    list.send(.tick(Date(timeIntervalSince1970: base)))
    sink &+= list.rows.count
    let ticks = quick ? 20 : 10_000
    let ticking = clock.now
    for index in 0..<ticks {
        list.send(.tick(Date(timeIntervalSince1970: base + 1 + Double(index % 28))))
        sink &+= list.rows.count
    }
    let tick = seconds(clock.now - ticking) / Double(ticks)
    let made = list.codesMade
    let boundaries = quick ? 3 : 50
    let crossing = clock.now
    for index in 0..<boundaries {
        list.send(.tick(Date(timeIntervalSince1970: base + 30 * Double(index + 1))))
        sink &+= list.rows.count
    }
    let boundary = seconds(clock.now - crossing) / Double(boundaries)
    row("one tick inside a period, \(accounts.count) accounts", String(format: "%12.2f µs", tick * 1e6))
    row("one period boundary, \(accounts.count) accounts", String(format: "%12.2f ms (%d codes made)", boundary * 1e3, (list.codesMade - made) / boundaries))
}
